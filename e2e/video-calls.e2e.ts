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
  announced,
  callStatus as status,
  callVolunteers,
  focused,
  received,
  recordAnnouncements,
  recordPeers,
  registerWithRole,
  reportMediaPath,
  spoken,
  standBy,
  statusTexts,
  tabTo,
} from './support/calls.ts';
import { seedStorage } from './support/session.ts';

const canRun = hasChromium && hasFfmpeg;
const skipReason = !hasChromium ? noChromiumReason : 'skipped: ffmpeg is not installed';

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** How many live regions (polite or assertive, by role or aria-live) hold `text`: a second one would say it twice. */
const liveRegionsSaying = (page: Page, text: string): Promise<number> =>
  page.evaluate(
    (said) =>
      [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')].filter(
        (region) => region.getAttribute('aria-live') !== 'off' && region.textContent?.includes(said),
      ).length,
    text,
  );

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
    await context.addInitScript(recordAnnouncements);
    return context;
  }

  /**
   * A signed-in user with a role, in a phone-sized context of their own. `screenReader`: they let
   * their screen reader speak (the profile's switch), so the app's own voice keeps quiet.
   */
  async function person(
    nickname: string,
    userType: UserType,
    { screenReader = false } = {},
  ): Promise<{ page: Page; session: AuthSession }> {
    const session = await registerWithRole(server, nickname, userType);
    const context = await newContext();
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    if (screenReader) {
      await context.addInitScript(() => localStorage.setItem('speakWithScreenReader', 'true'));
    }
    return { page: await context.newPage(), session };
  }

  beforeAll(async () => {
    const camera = await makeTextImage(['后置摄像头', 'REAR CAMERA'], 'call-camera.png');
    dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-calls-'));
    [server, browser] = await Promise.all([
      // with nobody to ring a call reaches the operators at once; unanswered there, it gives up after 6 s
      // a page away without a hang-up is waited for 6 s (a reload takes well under it here)
      startServer({ CALL_OPERATOR_SECONDS: '6', CALL_RECONNECT_GRACE_SECONDS: '6' }, dataDir),
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
    // each side in its own words: the seeker reached a volunteer, the volunteer a help-seeker
    await status(seeker.page).filter({ hasText: '已接通志愿者 热心志愿者' }).waitFor();
    await status(volunteer.page).filter({ hasText: '已接通求助者 小明' }).waitFor();

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
    // the app's own voice speaks (the screen-reader switch is off) and the live region carries each
    // state too, once each; after 接听 the volunteer never hears their idle "正在等待求助…" again
    await expect.poll(() => announced(seeker.page)).toContain('通话已结束');
    await expect.poll(() => spoken(volunteer.page)).toContain('通话已结束');
    for (const page of [seeker.page, volunteer.page]) {
      const [voice, region] = [await spoken(page), await announced(page)];
      expect(voice.filter((t) => t === '通话已结束')).toHaveLength(1);
      expect(region.filter((t) => t === '通话已结束')).toHaveLength(1);
    }
    const volunteerHeard = await spoken(volunteer.page);
    expect(volunteerHeard.slice(volunteerHeard.indexOf('小明 正在求助'))).toEqual([
      '小明 正在求助',
      '已接通求助者 小明',
      '通话已结束',
    ]);

    await seeker.page.getByRole('button', { name: '有帮助', exact: true }).click();
    await seeker.page.locator('.call-feedback__done', { hasText: '感谢您的评价' }).waitFor();
    await expectNoAxeViolations(seeker.page);
    await volunteer.page.getByRole('button', { name: '有帮助', exact: true }).click();
    await volunteer.page.locator('.call-feedback__done', { hasText: '感谢您的评价' }).waitFor();
    // a call of a few seconds is listed but not counted as help given (15 s or more is)
    await volunteer.page.getByText('已帮助 0 次').waitFor();
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

  it('the whole call by keyboard on both sides: focus on the control that matters next, every state announced once by the screen reader, axe clean in each', async () => {
    const volunteer = await person('键盘志愿者', 1, { screenReader: true });
    const seeker = await person('键盘求助者', 0, { screenReader: true });
    const v = volunteer.page;
    const s = seeker.page;
    const focusOn = async (page: Page, name: string) =>
      expect.poll(() => focused(page)).toEqual({ tag: 'BUTTON', name });
    const bothAxeClean = async () => {
      await expectNoAxeViolations(v);
      await expectNoAxeViolations(s);
    };

    // the volunteer turns answering on: Tab to the switch, Space
    await v.goto('/volunteer-calls');
    const available = v.getByRole('switch', { name: '接听求助' });
    await expect.poll(() => available.isEnabled(), { timeout: 15_000 }).toBe(true);
    await tabTo(v, '接听求助');
    await v.keyboard.press('Space');
    await expect.poll(() => available.isChecked(), { timeout: 15_000 }).toBe(true);
    // quiet hours are on by default (22:00–07:00 on the browser's clock; the status says so then):
    // off, by keyboard too, so the suite rings at any hour (the switch shows what the server keeps)
    const quiet = v.getByRole('switch', { name: '夜间免打扰' });
    if (await quiet.isChecked()) {
      await tabTo(v, '夜间免打扰');
      await v.keyboard.press('Space');
      await expect.poll(() => quiet.isChecked(), { timeout: 15_000 }).toBe(false);
    }
    await status(v).filter({ hasText: '正在等待求助' }).waitFor();

    // the seeker calls: Tab to 呼叫志愿者, Enter; focus goes to 取消呼叫, not to <body>
    await s.goto('/video-call');
    const call = s.getByRole('button', { name: '呼叫志愿者' });
    await expect.poll(() => call.isEnabled(), { timeout: 15_000 }).toBe(true);
    await tabTo(s, '呼叫志愿者');
    await s.keyboard.press('Enter');
    await focusOn(s, '取消呼叫');

    // ringing: the volunteer's focus is on 接听 without a key pressed
    await focusOn(v, '接听');
    await status(s).filter({ hasText: '正在呼叫志愿者，请稍候' }).waitFor();
    await expect.poll(() => announced(v)).toContain('键盘求助者 正在求助');
    await expect.poll(() => announced(s)).toContain('正在呼叫志愿者，请稍候');
    await bothAxeClean();

    // answered with Enter: each side hears its own words, focus on 挂断 on both
    await v.keyboard.press('Enter');
    await focusOn(v, '挂断');
    await focusOn(s, '挂断');
    await expect.poll(() => announced(v)).toContain('已接通求助者 键盘求助者');
    await expect.poll(() => announced(s)).toContain('已接通志愿者 键盘志愿者');
    await bothAxeClean();

    // the media path drops and comes back: focus stays on 挂断 (nothing moved it)
    for (const page of [v, s]) await reportMediaPath(page, 'disconnected');
    for (const page of [v, s]) {
      await expect.poll(() => announced(page)).toContain('网络不稳定，正在重新连接…');
      await focusOn(page, '挂断');
    }
    await bothAxeClean();
    for (const page of [v, s]) await reportMediaPath(page, 'connected');
    await status(v).filter({ hasText: '已接通求助者' }).waitFor();
    await status(s).filter({ hasText: '已接通志愿者' }).waitFor();

    // the seeker hangs up with Enter: both sides are told, and focus is on the rating on both
    await s.keyboard.press('Enter');
    await focusOn(s, '有帮助');
    await focusOn(v, '有帮助');
    await expect.poll(() => announced(s)).toContain('通话已结束');
    await expect.poll(() => announced(v)).toContain('通话已结束');
    // one live region says it (the page's status line is no second one)
    for (const page of [s, v]) expect(await liveRegionsSaying(page, '通话已结束')).toBe(1);
    await bothAxeClean();

    // rated by keyboard: Enter on one side, Space on the other
    await s.keyboard.press('Enter');
    await v.keyboard.press('Space');
    await expect.poll(() => announced(s)).toContain('感谢您的评价');
    await expect.poll(() => announced(v)).toContain('感谢您的评价');

    // every state was said once by the screen reader (connected twice: before and after the
    // drop), in order; the app's own voice said nothing, and nothing else read the status out
    // (the request's own "正在呼叫志愿者…" may be overtaken by the ring before a frame shows it)
    const seekerHeard = await announced(s);
    expect(seekerHeard.filter((t) => t === '正在呼叫志愿者…').length).toBeLessThanOrEqual(1);
    expect(seekerHeard.filter((t) => t !== '正在呼叫志愿者…')).toEqual([
      '正在呼叫志愿者，请稍候',
      '已接通志愿者 键盘志愿者',
      '网络不稳定，正在重新连接…',
      '已接通志愿者 键盘志愿者',
      '通话已结束',
      '感谢您的评价',
    ]);
    const volunteerHeard = await announced(v);
    expect(volunteerHeard.slice(volunteerHeard.indexOf('键盘求助者 正在求助'))).toEqual([
      '键盘求助者 正在求助',
      '已接通求助者 键盘求助者',
      '网络不稳定，正在重新连接…',
      '已接通求助者 键盘求助者',
      '通话已结束',
      '感谢您的评价',
    ]);
    expect(await spoken(s)).toEqual([]);
    expect(await spoken(v)).toEqual([]);
    // after 接听 the volunteer's status went from the ring straight to the call, never back to waiting
    const shown = await statusTexts(v);
    expect(shown.slice(shown.indexOf('键盘求助者 正在求助'))).toEqual([
      '键盘求助者 正在求助',
      '已接通求助者 键盘求助者',
      '网络不稳定，正在重新连接…',
      '已接通求助者 键盘求助者',
      '通话已结束',
    ]);
  });

  it('survives a reload on either side: the other side is told at once, the page back rejoins; a page away past the grace hears the call was cut off', async () => {
    const volunteer = await person('刷新的志愿者', 1);
    const seeker = await person('刷新的求助者', 0);
    const [v, s] = [volunteer.page, seeker.page];
    await standBy(v);
    await callVolunteers(s);
    await v.getByRole('button', { name: '接听', exact: true }).click();
    await status(s).filter({ hasText: '已接通志愿者 刷新的志愿者' }).waitFor();
    await expect.poll(async () => (await received(v)).frames, { timeout: 15_000 }).toBeGreaterThan(0);

    /** `leaving` reloads; the other page must say the network words, then both say 已重新连接 and media flows. */
    const reloadAndRejoin = async (leaving: Page, staying: Page, watcher: Page) => {
      const reloadedAt = Date.now();
      await leaving.reload();
      await expect
        .poll(() => statusTexts(staying), { timeout: 3_000 })
        .toContain('对方网络中断，正在等待重连');
      const toldMs = Date.now() - reloadedAt;
      await status(staying).filter({ hasText: '已重新连接' }).waitFor({ timeout: 6_000 });
      await status(leaving).filter({ hasText: '已重新连接' }).waitFor({ timeout: 6_000 });
      const rejoinedMs = Date.now() - reloadedAt;
      // the staying side heard both (the app's voice and the live region); the page back opened on
      // its way back to the call, never on its idle words
      for (const heard of [spoken, announced]) {
        await expect
          .poll(() => heard(staying))
          .toEqual(expect.arrayContaining(['对方网络中断，正在等待重连', '已重新连接']));
      }
      expect(await statusTexts(leaving)).toEqual(['正在回到刚才的通话…', '已重新连接']);
      // a new media connection: the volunteer decodes the seeker's camera again, each hears the other
      await expect.poll(async () => (await received(watcher)).frames, { timeout: 15_000 }).toBeGreaterThan(0);
      await expect
        .poll(async () => (await received(leaving)).audioPackets, { timeout: 15_000 })
        .toBeGreaterThan(0);
      // the page back has 挂断 under the keyboard's focus, and no axe violation
      await expect.poll(() => focused(leaving)).toEqual({ tag: 'BUTTON', name: '挂断' });
      await expectNoAxeViolations(leaving);
      await expectNoAxeViolations(staying);
      return { toldMs, rejoinedMs };
    };
    const seekerReload = await reloadAndRejoin(s, v, v);
    const volunteerReload = await reloadAndRejoin(v, s, v);

    // the seeker's page goes away and is not back within the grace: the volunteer is told it ended,
    // and the seeker's page, opened again in the same tab, says the call was cut off
    await s.goto('about:blank');
    await status(v).filter({ hasText: '对方网络中断，正在等待重连' }).waitFor({ timeout: 3_000 });
    await status(v).filter({ hasText: '对方已断开，通话结束' }).waitFor({ timeout: 15_000 });
    await s.goto('/video-call');
    await status(s).filter({ hasText: '刚才的通话已中断' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => s.getByRole('button', { name: '呼叫志愿者' }).isEnabled()).toBe(true);
    await expectNoAxeViolations(s);
    // a call ended by a lost page is listed but not counted as help given
    await v.getByText('已帮助 0 次').waitFor();
    console.info(
      `seeker reload → volunteer told ${seekerReload.toldMs} ms, rejoined ${seekerReload.rejoinedMs} ms; ` +
        `volunteer reload → seeker told ${volunteerReload.toldMs} ms, rejoined ${volunteerReload.rejoinedMs} ms`,
    );
  });
});
