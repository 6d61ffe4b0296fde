import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
  PHONE_VIEWPORT,
} from './support/browser.ts';
import { FAKE_CAMERA_ARGS, FIXTURES_DIR, instrumentSpeech, pageNow, spokenAfter } from './support/camera.ts';
import { installCanvasCamera, openMoreMode, showOnCamera } from './support/canvas-camera.ts';
import {
  asCameraPicture,
  emptyWall,
  pedestrianAt,
  STREET,
  streetPhoto,
} from './support/detector-pictures.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

/** How long the detector's words may take (its models load with the mode). */
const SAID_WITHIN_MS = 20_000;

/**
 * 寻物 and 周围的人 in the built app: Human's detector in its worker, its models and wasm from our
 * own build, the canvas camera showing real photos. A pedestrian cut out of a street photo walks
 * across the view (left, centre, right): the clock direction said follows. A street photo gives a
 * count of people. Neither mode sends a frame to the server.
 */
const noStreetReason = `skipped: fixture images/${STREET} not found in ${FIXTURES_DIR} (set FIXTURES_DIR)`;
const ANALYZE = '/api/vision/analyze';

describe.skipIf(!hasChromium)(
  `寻物 and 周围的人 on the device${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    /** Every request the page made, with the test's clock when it left. */
    const requests: { url: string; at: number }[] = [];

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser(FAKE_CAMERA_ARGS)]);
      // the camera page wants a signed-in user; nothing in these modes reaches the server's vision
      const session = await registerViaApi(server, {
        phone: uniquePhone(),
        password: 'long-enough-1',
        nickname: '测试',
      });
      context = await browser.newContext({
        baseURL: server.url,
        locale: 'zh-CN',
        bypassCSP: true,
        viewport: PHONE_VIEWPORT,
      });
      await seedStorage(context, { privacyAccepted: true, session });
      await instrumentSpeech(context);
      await installCanvasCamera(context);
      page = await context.newPage();
      page.on('request', (r) => requests.push({ url: r.url(), at: Date.now() }));
      await page.goto('/see-for-me');
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it.skipIf(!streetPhoto)(
      '寻物: the clock direction said follows a person across the view',
      async () => {
        const photo = streetPhoto!;
        await showOnCamera(page, await emptyWall());
        const opening = Date.now();
        await openMoreMode(page, '寻物');
        // (the default mode's auto-capture, before, may have sent one)
        const opened = Date.now();
        // the picker: a labelled native list, which says what it cannot find
        const picker = page.getByLabel(/要找的东西/);
        await picker.waitFor({ timeout: 30_000 });
        expect(await picker.evaluate((el) => el.tagName)).toBe('SELECT');
        expect(await page.getByText('要找的东西（钥匙和门认不出）').count()).toBe(1);
        let since = await pageNow(page);
        await picker.selectOption({ label: '人' });
        await spokenAfter(page, since, /^开始找人$/, SAID_WITHIN_MS);
        await expectNoAxeViolationsAtRest(page);

        for (const [x, hour] of [
          [0.12, '十一'],
          [0.5, '十二'],
          [0.88, '一'],
        ] as const) {
          since = await pageNow(page);
          await showOnCamera(page, await pedestrianAt(photo, x));
          await spokenAfter(
            page,
            since,
            new RegExp(`^人在你的${hour}点钟方向，(大约.+米|五米以外)$`),
            SAID_WITHIN_MS,
          );
        }

        // nobody there any more: "not found yet", once, after a while
        since = await pageNow(page);
        await showOnCamera(page, await emptyWall());
        await spokenAfter(page, since, /^还没找到人$/, SAID_WITHIN_MS);

        // on the device: the models and wasm came from our own server, no frame went to the server
        const origin = new URL(server.url).origin;
        const after = requests.filter((r) => r.at >= opening);
        expect(after.some((r) => /\/assets\/centernet-[\w-]+\.bin$/.test(r.url))).toBe(true);
        expect(after.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('data:'))).toEqual([]);
        expect(requests.filter((r) => r.at >= opened).some((r) => r.url.endsWith(ANALYZE))).toBe(false);
      },
      120_000,
    );

    it.skipIf(!streetPhoto)(
      '周围的人: a street photo gives how many people there are and where; their leaving is said',
      async () => {
        await showOnCamera(page, await asCameraPicture(streetPhoto!));
        const since = await pageNow(page);
        await openMoreMode(page, '周围的人');
        const opened = Date.now();
        const said = await spokenAfter(page, since, /个人/, 30_000);
        // several pedestrians: a count in words, then each (or, past three, the nearest) placed
        expect(said).toMatch(
          /^(两|三|四|五|六|七|八|九|十|\d+)个人(：|，最近的：)一个在(十一|十二|一)点钟方向/,
        );
        await expectNoAxeViolationsAtRest(page);

        // they leave, and the camera stays still: the change is confirmed by looking again
        const gone = await pageNow(page);
        await showOnCamera(page, await emptyWall());
        await spokenAfter(page, gone, /^附近没有看到人$/, SAID_WITHIN_MS);
        expect(requests.filter((r) => r.at >= opened).some((r) => r.url.endsWith(ANALYZE))).toBe(false);
      },
      120_000,
    );

    it.skipIf(streetPhoto)(noStreetReason, () => undefined);
  },
);
