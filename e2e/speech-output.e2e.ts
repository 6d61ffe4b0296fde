import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason } from './support/browser.ts';
import { hasFfmpeg, launchWithCamera, makeTextImage } from './support/camera.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';
import { SPEECH_SYNTHESIS_NAMESPACE, type AuthSession, type SocketAuth } from '@sfm/protocol';

const canRun = hasChromium && hasFfmpeg;
const skipReason = !hasChromium ? noChromiumReason : 'skipped: ffmpeg is not installed';

interface Heard {
  bytes: number;
  appends: number;
  events: { type: string; text?: string; engine?: string; at: number }[];
  tasks: { id: string; text: string; status: string; endReason?: string }[];
}

/** Counts the MP3 bytes MediaSource receives and records the app's speech events and cloud tasks. */
async function listen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    localStorage.setItem('speechEngine', 'cloud');
    const heard: Heard = { bytes: 0, appends: 0, events: [], tasks: [] };
    (window as unknown as { __heard: Heard }).__heard = heard;
    const append = SourceBuffer.prototype.appendBuffer;
    SourceBuffer.prototype.appendBuffer = function (this: SourceBuffer, data: BufferSource) {
      heard.bytes += data.byteLength;
      heard.appends += 1;
      return append.call(this, data);
    };
    window.addEventListener('sfm:speech', (e) =>
      heard.events.push((e as CustomEvent<Heard['events'][number]>).detail),
    );
    window.addEventListener('sfm:speech-task', (e) =>
      heard.tasks.push((e as CustomEvent<Heard['tasks'][number]>).detail),
    );
  });
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard: Heard }).__heard);

/** One /speech-synthesis handshake as it went over the wire, and the server's answer to it. */
interface Handshake {
  auth: SocketAuth;
  answer?: 'accepted' | 'refused';
}

/**
 * Records every /speech-synthesis CONNECT packet the page sends (socket.io: `40/<namespace>,<auth>`)
 * and the server's answer on the same websocket (`40…` accepted, `44…` refused).
 */
function recordHandshakes(page: Page): Handshake[] {
  const handshakes: Handshake[] = [];
  const prefix = `${SPEECH_SYNTHESIS_NAMESPACE},`;
  page.on('websocket', (ws) => {
    const mine: Handshake[] = [];
    ws.on('framesent', ({ payload }) => {
      const text = String(payload);
      if (!text.startsWith(`40${prefix}`)) return;
      const handshake: Handshake = { auth: JSON.parse(text.slice(2 + prefix.length)) as SocketAuth };
      mine.push(handshake);
      handshakes.push(handshake);
    });
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      const waiting = mine.find((h) => !h.answer);
      if (!waiting) return;
      if (text.startsWith(`40${prefix}`)) waiting.answer = 'accepted';
      else if (text.startsWith(`44${prefix}`)) waiting.answer = 'refused';
    });
  });
  return handshakes;
}

let server: RunningServer;
let session: AuthSession;
let browser: Browser;

describe.skipIf(!canRun)(`speech output through the cloud stream${canRun ? '' : ` (${skipReason})`}`, () => {
  beforeAll(async () => {
    server = await startServer({ VISION_RATE_LIMIT_PER_MINUTE: '1000' });
    session = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '听',
    });
    browser = await launchWithCamera(await makeTextImage(['出口 EXIT', '小心台阶'], 'speech-sign.png'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a reading result is heard through /speech-synthesis: MSE gets MP3 bytes and the end is reported', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
    await seedStorage(context, { privacyAccepted: true, session });
    await listen(context);
    const page = await context.newPage();
    await page.goto('/see-for-me');
    await page.locator('[data-camera-status="ready"]').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '更多场景' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '阅读', exact: true }).click();
    await page.getByRole('button', { name: '点击识别' }).click();
    await expect
      .poll(() => page.getByTestId('sfm-result').textContent(), { timeout: 20_000 })
      .toMatch(/出口|EXIT/);

    // the result is spoken by the cloud engine: audio starts, then the task completes and it ends
    const resultEnded = async () =>
      (await heard(page)).events.some(
        (e) => e.type === 'speechEnded' && e.engine === 'cloud' && /出口|EXIT/.test(e.text ?? ''),
      );
    const logs: string[] = [];
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
    try {
      await expect.poll(resultEnded, { timeout: 45_000, interval: 500 }).toBe(true);
    } catch (error) {
      console.log(JSON.stringify(await heard(page), null, 1), logs);
      throw error;
    }
    const h = await heard(page);
    expect(h.bytes).toBeGreaterThan(1_000);
    expect(h.appends).toBeGreaterThan(0);
    const started = h.events.find(
      (e) => e.type === 'speechStarted' && e.engine === 'cloud' && /出口|EXIT/.test(e.text ?? ''),
    );
    expect(started).toBeDefined();
    const task = h.tasks.filter((t) => /出口|EXIT/.test(t.text)).at(-1);
    expect(task?.status).toBe('completed');
    // the result itself was said by the cloud voice without a fallback
    expect(h.events.filter((e) => e.type === 'speechError' && /出口|EXIT/.test(e.text ?? ''))).toEqual([]);
    await context.close();
  });

  it('the speech socket carries the user after a login and the device after a logout, without a reload', async () => {
    const phone = uniquePhone();
    const password = 'long-enough-1';
    await registerViaApi(server, { phone, password });
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
    });
    await seedStorage(context, { privacyAccepted: true });
    await context.addInitScript(() => localStorage.setItem('speechEngine', 'cloud'));
    const page = await context.newPage();
    const handshakes = recordHandshakes(page);
    const latest = () => handshakes.at(-1);

    await page.goto('/login');
    // the app connects at start, as the device
    await expect.poll(latest, { timeout: 15_000 }).toMatchObject({
      auth: { userType: 'temporary' },
      answer: 'accepted',
    });
    expect(latest()?.auth.token).toBeUndefined();
    const deviceId = latest()?.auth.deviceId;
    expect(deviceId).toMatch(/^\S{10,}$/);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    await page.getByLabel('手机号').fill(phone);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect
      .poll(latest, { timeout: 15_000 })
      .toEqual({ auth: { token, deviceId, userType: 'registered' }, answer: 'accepted' });

    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: /个人中心/ })
      .click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await expect
      .poll(latest, { timeout: 15_000 })
      .toEqual({ auth: { deviceId, userType: 'temporary' }, answer: 'accepted' });
    // all of it in the one page load
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await context.close();
  });
});
