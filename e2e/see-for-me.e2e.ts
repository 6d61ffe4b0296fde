import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, launchBrowser, noChromiumReason } from './support/browser.ts';
import {
  fixturePhoto,
  FIXTURES_DIR,
  hasFfmpeg,
  instrumentSpeech,
  launchWithCamera,
  makeTextImage,
  pageNow,
  type SpokenRecord,
} from './support/camera.ts';
import { blurredImage } from './support/degraded-image.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';
import type { AuthSession } from '@sfm/protocol';

const STREET = 'street-road-pedestrians-motorcycle.jpg';
const streetPhoto = fixturePhoto(STREET);
const canRun = hasChromium && hasFfmpeg;
const skipReason = !hasChromium ? noChromiumReason : 'skipped: ffmpeg is not installed';
const noStreetReason = `skipped: fixture images/${STREET} not found in ${FIXTURES_DIR} (set FIXTURES_DIR)`;
const ANALYZE = '/api/vision/analyze';
const PHONE = { width: 390, height: 844 };

/** Ids of the screen's parts that are not wholly inside the viewport (the page itself never scrolls). */
async function partsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parts = {
      status: document.querySelector('[data-testid="sfm-status"]'),
      stop: [...document.querySelectorAll('button')].find((b) => b.textContent === '停止朗读'),
      repeat: [...document.querySelectorAll('button')].find((b) => b.textContent === '重复上一句'),
      result: document.querySelector('.sfm-result__message'),
      clickArea: document.querySelector('[data-testid="click-area"]'),
    };
    const out = Object.entries(parts)
      .filter(([, el]) => {
        const box = el?.getBoundingClientRect();
        const navTop = document.querySelector('.bottom-nav')?.getBoundingClientRect().top ?? innerHeight;
        return !box || box.height < 1 || box.top < 0 || box.top + Math.min(box.height, 40) > navTop;
      })
      .map(([name]) => name);
    if (document.scrollingElement!.scrollHeight > innerHeight) out.push('page scrolls');
    return out;
  });
}

let server: RunningServer;
let session: AuthSession;

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    bypassCSP: true,
    viewport: PHONE,
  });
  await seedStorage(context, { privacyAccepted: true, session });
  await instrumentSpeech(context);
  return context;
}

/** The page's own clock (Playwright's fake clock once installed). */

/** When (page clock) each analysis request left, and when the first danger-priority speech began. */
async function recordTimes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __analyzeAt: number[] };
    w.__analyzeAt = [];
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/api/vision/analyze')) {
        w.__analyzeAt.push(performance.now());
      }
      return original(input, init);
    };
  });
}
const analyzeTimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __analyzeAt: number[] }).__analyzeAt);
const dangerSpokenAt = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as { __speechEvents: { type: string; priority?: string; at: number }[] }
      ).__speechEvents.find((e) => e.type === 'speechStarted' && e.priority === 'danger')?.at ?? null,
  );

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: SpokenRecord[] }).__spoken.map((s) => s.text));

async function openCamera(page: Page, clock = false): Promise<void> {
  if (clock) await page.clock.install();
  await page.goto('/see-for-me');
  await page.locator('[data-camera-status="ready"]').waitFor({ timeout: 15_000 });
}

async function chooseMore(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: '更多场景' }).click();
  await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
}

/** Counts /api/vision/analyze requests as they leave the page. */
function watchAnalyses(page: Page) {
  const sent: number[] = [];
  const aborted: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(ANALYZE)) sent.push(Date.now());
  });
  page.on('requestfailed', (r) => {
    if (r.url().endsWith(ANALYZE)) aborted.push(r.failure()?.errorText ?? '');
  });
  return { sent, aborted };
}

describe.skipIf(!canRun)(`see-for-me camera screen${canRun ? '' : ` (${skipReason})`}`, () => {
  beforeAll(async () => {
    server = await startServer({ VISION_RATE_LIMIT_PER_MINUTE: '1000' });
    session = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '测试',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('camera on a sign the test makes itself (出口 EXIT 小心台阶)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchWithCamera(await makeTextImage(['出口 EXIT', '小心台阶']));
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('reading: a tap says 正在识别, reads the sign aloud, shows it with a time and its lines, in view', async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await openCamera(page);
      await chooseMore(page, '阅读');
      const area = page.getByRole('button', { name: '点击识别' });
      await area.click();
      const status = page.getByTestId('sfm-status');
      await expect.poll(() => status.textContent()).toBe('正在识别');
      const result = page.getByTestId('sfm-result');
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/出口|EXIT/);
      await expect.poll(() => result.textContent()).toMatch(/\d\d:\d\d:\d\d/);
      const said = await spoken(page);
      expect(said).toContain('正在识别');
      expect(said.some((s) => /出口|EXIT/.test(s))).toBe(true);
      // the status follows the scene: the analysis is over, so it no longer says 正在识别
      await expect.poll(() => status.textContent()).toBe('相机已就绪');
      // the sign's two lines stay two lines on screen, as speech keeps them
      const shown = await page.locator('.sfm-result__text').evaluate((el) => (el as HTMLElement).innerText);
      expect(shown.split('\n').length).toBeGreaterThanOrEqual(2);
      // result, status, stop/repeat and the click area in view without scrolling, on common phones
      for (const viewport of [
        PHONE,
        { width: 360, height: 640 },
        { width: 430, height: 932 },
        { width: 844, height: 390 },
        { width: 640, height: 360 },
      ]) {
        await page.setViewportSize(viewport);
        expect({ viewport, out: await partsOutOfView(page) }).toEqual({ viewport, out: [] });
      }
      await context.close();
    });

    it('realtime: the sign still in view is not sent again; the status shows it, a tap hears it once', async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await recordTimes(context);
      await openCamera(page, true);
      const result = page.getByTestId('sfm-result');
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/出口|EXIT/);
      expect(await analyzeTimes(page)).toHaveLength(1);
      // two auto-capture periods on the same view: compared on the phone, nothing uploaded or paid
      await page.clock.runFor(21_000);
      const status = page.getByTestId('sfm-status');
      await expect.poll(() => status.textContent()).toBe('画面没有变化');
      expect(await status.getAttribute('aria-live')).toBe('off');
      expect(await analyzeTimes(page)).toHaveLength(1);
      const area = page.getByRole('button', { name: '点击停止朗读' });
      await area.click();
      await area.click();
      await expect.poll(async () => (await spoken(page)).filter((s) => s === '画面没有变化')).toHaveLength(1);
      await context.close();
    });

    it('qa where no recognizer works: says so once, without blaming the microphone, and asks by typing', async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const { sent } = watchAnalyses(page);
      const prompts: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith(ANALYZE)) prompts.push((r.postDataJSON() as { prompt?: string }).prompt ?? '');
      });
      await openCamera(page);
      await chooseMore(page, '问答');
      const before = sent.length;
      // headless Chromium's recognizer cannot reach its service (it reports audio-capture although
      // the fake microphone works), and this server has no recognizer configured
      await page.getByRole('button', { name: '点击提问' }).click();
      const field = page.getByRole('textbox', { name: '您的问题' });
      await expect
        .poll(() => field.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
        .toBe(true);
      const said = await spoken(page);
      expect(said).toContain('此设备上无法使用语音输入，可以在输入框中输入问题');
      expect(said).not.toContain('无法访问麦克风，请检查设备权限');
      // a second tap does not try (and fail) again: it goes to the field
      await page.getByRole('button', { name: '点击提问' }).click();
      await expect.poll(() => spoken(page).then((s) => s.at(-1))).toBe('请在输入框中输入问题');
      expect((await spoken(page)).filter((s) => s.startsWith('此设备上无法使用语音输入'))).toHaveLength(1);
      await field.fill('牌子上写的是什么');
      await field.press('Enter');
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(before + 1);
      expect(prompts.at(-1)).toBe('牌子上写的是什么');
      await expect.poll(() => page.getByTestId('sfm-question').textContent()).toBe('问题：牌子上写的是什么');
      await expect
        .poll(() => page.getByTestId('sfm-result').textContent(), { timeout: 20_000 })
        .toMatch(/\S/);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });

    it('changing mode cancels the running analysis', async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      // hold the answer back so the analysis is surely running when the mode changes
      await page.route(`**${ANALYZE}`, async (route) => {
        await new Promise((r) => setTimeout(r, 3_000));
        await route.continue().catch(() => undefined);
      });
      const { sent, aborted } = watchAnalyses(page);
      await openCamera(page);
      await expect.poll(() => sent.length).toBeGreaterThan(0); // realtime captured at once
      await page.getByRole('tab', { name: '对话' }).click();
      await expect.poll(() => aborted.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('sfm-result').textContent()).toBe('');
      await context.close();
    });

    it('axe: zero violations on the screen and with "更多场景" open', async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await openCamera(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('帮我看看');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '更多场景' }).click();
      const dialog = page.getByRole('dialog', { name: '更多场景' });
      await dialog.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    });

    it('no camera API: says so; a missing camera: initialization failed', async () => {
      const context = await newContext(browser);
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
      });
      const page = await context.newPage();
      await page.goto('/see-for-me');
      await expect.poll(() => page.getByTestId('sfm-status').textContent()).toBe('相机接口不可用');
      await context.close();

      const missing = await newContext(browser);
      await missing.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('no camera', 'NotFoundError'));
      });
      const page2 = await missing.newPage();
      await page2.goto('/see-for-me');
      await expect
        .poll(() => page2.getByTestId('sfm-status').textContent(), { timeout: 10_000 })
        .toBe('相机初始化失败');
      await page2.getByRole('button', { name: '点击停止朗读' }).waitFor();
      expect(await spoken(page2)).toContain('相机初始化失败');
      await missing.close();
    });
  });

  describe('camera on a blurred sign (a shaking hand)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchWithCamera(
        await blurredImage(await makeTextImage(['有效期至2027年3月', '一次1粒'])),
      );
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('realtime: says how to retake it, once while it stays blurred, and offers 仍然描述', async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await recordTimes(context);
      await openCamera(page, true);
      const result = page.getByTestId('sfm-result');
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toContain('照片有些模糊');
      const anyway = page.getByRole('button', { name: '仍然描述' });
      await anyway.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // the next auto capture sees the same blur: nothing is said again
      await page.clock.runFor(11_000);
      await expect.poll(() => analyzeTimes(page).then((t) => t.length)).toBeGreaterThanOrEqual(2);
      await page.clock.runFor(1_000);
      const advice = (await spoken(page)).filter((text) => text.includes('照片有些模糊'));
      expect(advice).toHaveLength(1);
      await context.close();
    });
  });

  describe.skipIf(!streetPhoto)(
    `camera on a street photo${streetPhoto ? '' : ` (${noStreetReason})`}`,
    () => {
      let browser: Browser;
      beforeAll(async () => {
        browser = streetPhoto ? await launchWithCamera(streetPhoto) : await launchBrowser();
      });
      afterAll(async () => {
        await browser?.close();
      });

      it('realtime: describes at once, then (traffic in view) again after 10 s, naming a person or a vehicle', async () => {
        const context = await newContext(browser);
        const page = await context.newPage();
        await recordTimes(context);
        await openCamera(page, true);
        const result = page.getByTestId('sfm-result');
        await expect
          .poll(() => result.textContent(), { timeout: 20_000 })
          .toMatch(/人|车|person|people|vehicle|car|motorcycle/i);
        const [first] = await analyzeTimes(page);
        expect(first).toBeDefined();
        // the clock also runs at natural speed: jump to 1 s before the 10 s mark, then past it
        const untilNext = 10_000 - ((await pageNow(page)) - (first ?? 0));
        await page.clock.runFor(Math.max(0, untilNext - 1_000));
        expect(await analyzeTimes(page)).toHaveLength(1);
        await page.clock.runFor(1_500);
        await expect.poll(() => analyzeTimes(page).then((t) => t.length)).toBe(2);
        const [a, b] = await analyzeTimes(page);
        expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(9_900);
        expect((b ?? 0) - (a ?? 0)).toBeLessThan(11_000);
        await context.close();
      });

      it('move: the danger status goes to the alert region and the next capture comes after 5 s', async () => {
        const context = await newContext(browser);
        const page = await context.newPage();
        await recordTimes(context);
        await openCamera(page, true);
        await page.getByRole('tab', { name: '环境' }).click();
        const alert = page.getByTestId('live-alert');
        await expect
          .poll(() => alert.textContent(), { timeout: 20_000 })
          .toBe('检测到潜在危险场景，已提高分析频率');
        await expect
          .poll(() => page.getByTestId('sfm-status').textContent())
          .toBe('检测到潜在危险场景，已提高分析频率');
        const dangerAt = await dangerSpokenAt(page);
        expect(dangerAt).not.toBeNull();
        const count = (await analyzeTimes(page)).length;
        const untilNext = 5_000 - ((await pageNow(page)) - (dangerAt ?? 0));
        await page.clock.runFor(Math.max(0, untilNext - 1_000));
        expect(await analyzeTimes(page)).toHaveLength(count);
        await page.clock.runFor(1_500);
        await expect.poll(() => analyzeTimes(page).then((t) => t.length)).toBe(count + 1);
        const next = (await analyzeTimes(page))[count] ?? 0;
        expect(next - (dangerAt ?? 0)).toBeGreaterThanOrEqual(4_900);
        expect(next - (dangerAt ?? 0)).toBeLessThan(6_000);
        await context.close();
      });
    },
  );
});
