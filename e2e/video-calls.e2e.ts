import type { AuthSession, UserType } from '@sfm/protocol';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, noChromiumReason, PHONE_VIEWPORT } from './support/browser.ts';
import { hasFfmpeg, instrumentSpeech, launchWithCamera, makeTextImage } from './support/camera.ts';
import { repoRoot, startServer, type RunningServer } from './support/server.ts';
import {
  callStatus as status,
  callVolunteers,
  received,
  recordPeers,
  registerWithRole,
  spoken,
  standBy,
} from './support/calls.ts';
import { seedStorage } from './support/session.ts';

const canRun = hasChromium && hasFfmpeg;
const skipReason = !hasChromium ? noChromiumReason : 'skipped: ffmpeg is not installed';

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe.skipIf(!canRun)(`video calls with volunteers${canRun ? '' : ` (${skipReason})`}`, () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A new context of the test's browser (fake camera and microphone), remembered for closing. */
  async function newContext(viewport = PHONE_VIEWPORT): Promise<BrowserContext> {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      bypassCSP: true,
      viewport,
    });
    contexts.push(context);
    await context.addInitScript(recordPeers);
    return context;
  }

  /** A signed-in user with a role, in a phone-sized context of their own. */
  async function person(nickname: string, userType: UserType): Promise<{ page: Page; session: AuthSession }> {
    const session = await registerWithRole(server, nickname, userType);
    const context = await newContext();
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    return { page: await context.newPage(), session };
  }

  beforeAll(async () => {
    const camera = await makeTextImage(['后置摄像头', 'REAR CAMERA'], 'call-camera.png');
    dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-calls-'));
    [server, browser] = await Promise.all([
      // with nobody to ring a call reaches the operators at once; unanswered there, it gives up after 6 s
      startServer({ CALL_OPERATOR_SECONDS: '6' }, dataDir),
      launchWithCamera(camera),
    ]);
    // `npm run admin:create`, as an operator runs it beside the running server
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', 'op'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          ADMIN_PASSWORD: 'admin-pass-123',
          LOG_LEVEL: 'warn',
        },
      },
    );
  });
  // everyone goes offline between tests: a volunteer left online would take the next test's call
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("shares the seeker's last AI description and photo with the volunteer only when asked", async () => {
    const volunteer = await person('看照片的志愿者', 1);
    const seeker = await person('先问过 AI 的人', 0);
    await standBy(volunteer.page);

    await seeker.page.goto('/see-for-me');
    const result = seeker.page.getByTestId('sfm-result');
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/摄像头|CAMERA/);
    // in the app, not a reload: what the AI said lives in this visit only
    await seeker.page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: /志愿者模式/ })
      .click();
    await seeker.page.waitForURL((u) => u.pathname === '/video-call');
    const share = seeker.page.getByRole('checkbox', { name: '把我最近一次 AI 描述和照片分享给志愿者' });
    expect(await share.isChecked()).toBe(false);
    await share.check();
    await expectNoAxeViolations(seeker.page);
    const call = seeker.page.getByRole('button', { name: '呼叫志愿者' });
    await expect.poll(() => call.isEnabled(), { timeout: 15_000 }).toBe(true);
    await call.click();

    const shared = volunteer.page.getByText(/^对方分享的 AI 描述：/);
    await expect.poll(() => shared.textContent(), { timeout: 15_000 }).toMatch(/摄像头|CAMERA/);
    const photo = volunteer.page.getByRole('img', { name: '对方分享的 AI 描述所用的照片' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await seeker.page.getByRole('button', { name: '取消呼叫' }).click();
  });

  it('one tap from an AI result calls a volunteer with that result and its photo shared', async () => {
    const volunteer = await person('一键求助的志愿者', 1);
    const seeker = await person('拿不准的人', 0);
    await standBy(volunteer.page);

    await seeker.page.goto('/see-for-me');
    const result = seeker.page.getByTestId('sfm-result');
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/摄像头|CAMERA/);
    await seeker.page.getByRole('link', { name: '请志愿者看看这张照片' }).click();
    await seeker.page.waitForURL((u) => u.pathname === '/video-call');
    // no second tap: the call is already on its way, the result shared
    const shared = volunteer.page.getByText(/^对方分享的 AI 描述：/);
    await expect.poll(() => shared.textContent(), { timeout: 15_000 }).toMatch(/摄像头|CAMERA/);
    expect(
      await seeker.page.getByRole('checkbox', { name: '把我最近一次 AI 描述和照片分享给志愿者' }).count(),
    ).toBe(0);
    await seeker.page.getByRole('button', { name: '取消呼叫' }).click();
  });

  it('tells a seeker no volunteer answered, with a way back to the AI camera', async () => {
    const { page } = await person('没人接的求助者', 0);
    await page.goto('/video-call');
    const call = page.getByRole('button', { name: '呼叫志愿者' });
    await expect.poll(() => call.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await call.click();
    await status(page).filter({ hasText: '还在为您寻找志愿者' }).waitFor();
    await status(page).filter({ hasText: '暂时没有志愿者接听' }).waitFor({ timeout: 15_000 });
    expect(await spoken(page)).toContain('暂时没有志愿者接听');
    await page.getByRole('link', { name: '返回 AI 帮我看看' }).click();
    await page.waitForURL('**/see-for-me');
  });

  it('connects a seeker and a volunteer: the volunteer sees the rear camera, both hear, then they end, rate and see the record', async () => {
    const volunteer = await person('热心志愿者', 1);
    const seeker = await person('小明', 0);

    await standBy(volunteer.page);
    await expectNoAxeViolations(volunteer.page);

    const calledAt = await callVolunteers(seeker.page);

    const answer = volunteer.page.getByRole('button', { name: '接听', exact: true });
    await answer.waitFor();
    const rangAfterMs = Date.now() - calledAt;
    await expect(volunteer.page.getByRole('heading', { name: '小明 正在求助' }).isVisible()).resolves.toBe(
      true,
    );
    await expectNoAxeViolations(volunteer.page);
    await status(seeker.page).filter({ hasText: '正在呼叫志愿者' }).waitFor();
    await expectNoAxeViolations(seeker.page);

    await answer.click();
    await status(seeker.page).filter({ hasText: '已接通志愿者 热心志愿者' }).waitFor();
    await status(volunteer.page).filter({ hasText: '已接通志愿者 小明' }).waitFor();

    // the volunteer's video decodes the seeker's fake rear camera; each side receives the other's voice
    await expect
      .poll(async () => (await received(volunteer.page)).frames, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await received(volunteer.page)).audioPackets, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await received(seeker.page)).audioPackets, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const videoWidth = await volunteer.page
      .locator('video[data-call-media="remote"]')
      .evaluate((v: HTMLVideoElement) => v.videoWidth);
    expect(videoWidth).toBeGreaterThan(0);
    await expectNoAxeViolations(volunteer.page);
    await expectNoAxeViolations(seeker.page);

    const endedAt = Date.now();
    await volunteer.page.getByRole('button', { name: '挂断' }).click();
    await status(seeker.page).filter({ hasText: '通话已结束' }).waitFor({ timeout: 5_000 });
    expect(Date.now() - endedAt).toBeLessThan(5_000);
    expect(await spoken(seeker.page)).toEqual(
      expect.arrayContaining(['正在呼叫志愿者…', '已接通志愿者 热心志愿者', '通话已结束']),
    );

    await seeker.page.getByRole('button', { name: '有帮助', exact: true }).click();
    await seeker.page.locator('.call-feedback__done', { hasText: '感谢您的评价' }).waitFor();
    await expectNoAxeViolations(seeker.page);
    await volunteer.page.getByRole('button', { name: '有帮助', exact: true }).click();
    await volunteer.page.locator('.call-feedback__done', { hasText: '感谢您的评价' }).waitFor();
    await volunteer.page.getByText('已帮助 1 次').waitFor();
    await volunteer.page.getByText(/接听 · 小明 · 已完成/).waitFor();
    await expectNoAxeViolations(volunteer.page);
    console.info(`call → first ring ${rangAfterMs} ms (browser to browser, loopback)`);
  });

  it('lets an operator online on /bme_admin/system-calls answer a call no volunteer took, then lists it with its report', async () => {
    const admin = await newContext({ width: 1280, height: 900 });
    await seedStorage(admin, { privacyAccepted: true });
    const page = await admin.newPage();
    await page.goto('/bme_admin');
    await page.getByLabel('用户名').fill('op');
    await page.getByLabel('密码', { exact: true }).fill('admin-pass-123');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((u) => u.pathname === '/bme_admin/dashboard');
    await page.goto('/bme_admin/system-calls');
    await page.getByRole('switch', { name: '以系统志愿者身份上线' }).click();
    await page.getByText('目前没有等待接听的求助').waitFor();
    await expectNoAxeViolations(page);

    const seeker = await person('等客服的人', 0);
    await callVolunteers(seeker.page);
    await status(seeker.page).filter({ hasText: '还在为您寻找志愿者' }).waitFor();

    await page.getByRole('button', { name: '接听 等客服的人 的求助' }).click();
    await page.waitForURL((u) => u.pathname === '/bme_admin/video-call');
    await page.locator('.admin-call-status', { hasText: '已接通 等客服的人' }).waitFor();
    await status(seeker.page).filter({ hasText: '已接通志愿者' }).waitFor();
    await expect.poll(async () => (await received(page)).frames, { timeout: 15_000 }).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '挂断' }).click();
    await status(seeker.page).filter({ hasText: '通话已结束' }).waitFor({ timeout: 5_000 });
    await seeker.page.getByText('举报对方').click();
    await seeker.page.getByLabel('举报原因').selectOption('no_help');
    await seeker.page.getByRole('button', { name: '提交举报' }).click();
    await seeker.page.locator('.call-feedback__done', { hasText: '举报已提交' }).waitFor();

    await page.goto('/bme_admin/calls');
    await page.getByRole('row').filter({ hasText: '（客服）op' }).waitFor();
    await page.getByRole('region', { name: '通话统计' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
    await expectNoAxeViolations(page);

    // the dashboard counts this suite's calls by outcome: the volunteer's and the operator's
    // completed, the unanswered one missed, the two shared-context ones (ticked, one tap) cancelled
    await page.goto('/bme_admin/dashboard');
    const outcomes = page.getByRole('region', { name: '每日通话结果' });
    await expect.poll(() => outcomes.locator('canvas').count()).toBeGreaterThan(0);
    const tile = (key: string) => page.locator(`[data-call-stat="${key}"] dd`);
    await expect.poll(() => tile('completed').textContent()).toBe('2');
    expect(await tile('missed').textContent()).toBe('1');
    expect(await tile('cancelled').textContent()).toBe('2');
    expect(await tile('median').textContent()).toMatch(/^\d+ 秒$/);
    const durations = page.getByRole('region', { name: '每日已完成通话时长' });
    expect(await durations.getByRole('table').locator('tbody tr').count()).toBe(30);
    await expectNoAxeViolations(page);
  });
});
