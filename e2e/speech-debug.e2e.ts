import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, launchBrowser, noChromiumReason } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';
import type { AuthSession } from '@sfm/protocol';

let server: RunningServer;
let browser: Browser;
let session: AuthSession;

describe.skipIf(!hasChromium)(`/speech-debug${hasChromium ? '' : ` (${noChromiumReason})`}`, () => {
  beforeAll(async () => {
    server = await startServer({});
    session = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '调试',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows engines and server capabilities, speaks the sample on the cloud voice, and is axe-clean', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
    await seedStorage(context, { privacyAccepted: true, session });
    const page = await context.newPage();
    await page.goto('/speech-debug');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('语音调试');
    await expect
      .poll(() => page.getByTestId('capabilities').textContent(), { timeout: 10_000 })
      .toMatch(/语音合成内置/);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: '用云端语音朗读示例' }).click();
    const log = page.getByTestId('speech-events');
    await expect
      .poll(() => log.textContent(), { timeout: 15_000 })
      .toMatch(/云端语音：开始发声，用时 \d+ 毫秒/);
    try {
      await expect
        .poll(() => log.textContent(), { timeout: 40_000 })
        .toMatch(/云端语音：朗读完成，用时 \d+ 毫秒/);
    } catch (error) {
      console.log(await log.textContent(), await page.getByTestId('cloud-task').textContent());
      throw error;
    }
    await expect.poll(() => page.getByTestId('cloud-task').textContent()).toMatch(/已完成/);
    // every label and state in Chinese, each recognizer named once
    expect(await page.getByRole('button', { name: '开始云端实时识别', exact: true }).count()).toBe(1);
    expect(await page.locator('main').textContent()).not.toMatch(
      /识别识别|\b(idle|speaking|embedded|cloud)\b/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
