/**
 * 颜色 and 光线 in the real product: the built app and server, Chromium with the canvas camera
 * showing rendered pictures (a garment held up in a room; plain frames from dark to bright), the
 * speech recorder, and probes (support/channel-probes.ts) that see the hum's pitch and the voice
 * assistant's recognizer from outside the app. One browser for the file.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
  PHONE_VIEWPORT,
} from './support/browser.ts';
import { FAKE_CAMERA_ARGS, instrumentSpeech, pageNow, spokenAfter } from './support/camera.ts';
import { installCanvasCamera, openMoreMode, showOnCamera } from './support/canvas-camera.ts';
import {
  humAfter,
  humSettings,
  humStops,
  installChannelProbes,
  installHeardSpeech,
  sayToAssistant,
} from './support/channel-probes.ts';
import { garmentPicture, greyPicture, WARM_CAST } from './support/colour-light-pictures.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

describe.skipIf(!hasChromium)('颜色 and 光线 on the device', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser(FAKE_CAMERA_ARGS)]);
    context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      bypassCSP: true,
      viewport: PHONE_VIEWPORT,
    });
    // the camera screen is for a signed-in user
    const session = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '测试',
    });
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    await installCanvasCamera(context);
    await installChannelProbes(context);
    await installHeardSpeech(context);
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('颜色: names the colour at the centre as it changes, and a tap names the garment', async () => {
    await page.goto('/see-for-me');
    await showOnCamera(page, await garmentPicture('#1f2a44'));
    let since = await pageNow(page);
    await openMoreMode(page, '颜色');
    await spokenAfter(page, since, /^(藏青色|深蓝色)$/);
    await expectNoAxeViolationsAtRest(page);

    since = await pageNow(page);
    await showOnCamera(page, await garmentPicture('#c41e3a'));
    await spokenAfter(page, since, /^红色$/);

    // a white shirt under a warm bulb is still white
    since = await pageNow(page);
    await showOnCamera(page, await garmentPicture('#ffffff', { cast: WARM_CAST }));
    await spokenAfter(page, since, /^白色$/);

    since = await pageNow(page);
    await showOnCamera(page, await garmentPicture('#1f2a44', { stripesWith: '#f4f4f4' }));
    await page.getByTestId('click-area').click();
    expect(await spokenAfter(page, since, /条纹/)).toMatch(/^蓝白条纹，(藏青色|深蓝色)和白色$/);
  }, 90_000);

  it('光线: the hum follows the brightness, a tap says the level, "灯开着吗" is answered', async () => {
    await showOnCamera(page, await greyPicture(12));
    let since = await pageNow(page);
    await openMoreMode(page, '光线');
    const dark = await humAfter(page, since, { below: 400 });
    await expectNoAxeViolationsAtRest(page);

    since = await pageNow(page);
    await showOnCamera(page, await greyPicture(120));
    const middle = await humAfter(page, since, { above: dark.hz + 100, below: 1200 });
    since = await pageNow(page);
    await showOnCamera(page, await greyPicture(245));
    const bright = await humAfter(page, since, { above: 1200 });
    expect(dark.hz).toBeLessThan(middle.hz);
    expect(middle.hz).toBeLessThan(bright.hz);
    // the hum keeps following: frames keep coming while the view stays the same
    await expect
      .poll(async () => (await humSettings(page)).filter((h) => h.at > bright.at).length)
      .toBeGreaterThan(5);

    since = await pageNow(page);
    await page.getByTestId('click-area').click();
    await spokenAfter(page, since, /^光线很亮$/);

    since = await pageNow(page);
    await sayToAssistant(page, '灯开着吗');
    await spokenAfter(page, since, /^灯应该开着，光线很亮$/);

    await showOnCamera(page, await greyPicture(3));
    await humAfter(page, await pageNow(page), { below: 300 });
    since = await pageNow(page);
    await sayToAssistant(page, '开灯了吗');
    await spokenAfter(page, since, /^灯好像没开，光线很暗$/);

    // leaving the mode silences the hum
    const left = await pageNow(page);
    await page.getByRole('tab', { name: '实时' }).click();
    await expect.poll(async () => (await humStops(page)).filter((at) => at >= left).length).toBe(1);
  }, 90_000);
});

describe.skipIf(hasChromium)('颜色 and 光线 on the device', () => {
  it(noChromiumReason, () => undefined);
});
