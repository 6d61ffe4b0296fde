/**
 * Banknotes (纸币) in the real product: the built app and server (embedded engines, no cloud
 * model), Chromium with the canvas camera showing banknote-like pictures the test renders
 * (apps/web/test/images/rendered-notes.ts), and the speech recorder. The OCR runs in the page's
 * worker (localStorage `sfm.ocrEngine` = 'device', ocr-client.ts's test hook).
 */
import type { AuthSession } from '@sfm/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_INKS,
  renderColourCard,
  renderEmptyDesk,
  renderNote,
} from '../apps/web/test/images/rendered-notes.ts';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
} from './support/browser.ts';
import { FAKE_CAMERA_ARGS, heardAfter, pageNow, type SpokenRecord } from './support/camera.ts';
import { ocrChannelContext, openMoreMode, showOnCamera } from './support/canvas-camera.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, uniquePhone } from './support/session.ts';

/** How long a value may take to be said (the OCR models load on the first note). */
const READ_WITHIN_MS = 60_000;

/** Any value said: "100元", "20元" … */
const A_VALUE = /\d+\s*元/;

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: SpokenRecord[] }).__spoken);

let server: RunningServer;
let browser: Browser;
let session: AuthSession;

describe.skipIf(!hasChromium)(`banknotes${hasChromium ? '' : ` (${noChromiumReason})`}`, () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser(FAKE_CAMERA_ARGS)]);
    session = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '测试',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('names a 100 and a folded 20 on its side, never a red card without numerals; axe finds nothing', async () => {
    const context = await ocrChannelContext(browser, { baseURL: server.url, session, engine: 'device' });
    const page = await context.newPage();
    await page.goto('/see-for-me');
    await showOnCamera(page, await renderEmptyDesk());
    await openMoreMode(page, '纸币');

    // a 100 held level: its value (the first time waits for the OCR models to load)
    let since = await pageNow(page);
    const hundred = await renderNote({
      value: 100,
      side: 'front',
      cover: 'none',
      placement: { angle: 0, widthShare: 0.72, cx: 0.5, cy: 0.5 },
    });
    await showOnCamera(page, hundred.png);
    expect((await heardAfter(page, since, /100\s*元/, 90_000)).text).toMatch(/^100\s*元$/);
    await expectNoAxeViolationsAtRest(page);

    // the back of a 20, on its side with a third folded under: 20元
    await showOnCamera(page, await renderEmptyDesk());
    await page.waitForTimeout(2500);
    since = await pageNow(page);
    const twenty = await renderNote({
      value: 20,
      side: 'back',
      cover: 'fold',
      placement: { angle: 270, widthShare: 0.42, cx: 0.5, cy: 0.5 },
    });
    await showOnCamera(page, twenty.png);
    expect((await heardAfter(page, since, A_VALUE, READ_WITHIN_MS)).text).toMatch(/^20\s*元$/);

    // a red card the size of a note, no numeral on it: 不确定 with the advice, never a value
    await showOnCamera(page, await renderEmptyDesk());
    await page.waitForTimeout(2500);
    since = await pageNow(page);
    await showOnCamera(page, await renderColourCard(NOTE_INKS[100].mid));
    const doubt = await heardAfter(page, since, /不确定/, READ_WITHIN_MS);
    expect(doubt.text).toContain('把纸币放平');
    await page.waitForTimeout(3000);
    expect((await spoken(page)).filter((s) => s.at >= since && A_VALUE.test(s.text))).toEqual([]);

    // a tap on the card: still no value (no cloud model to ask on this server)
    since = await pageNow(page);
    await page.getByTestId('click-area').click();
    expect((await heardAfter(page, since, /不确定|没有看到纸币/, READ_WITHIN_MS)).text).not.toMatch(A_VALUE);
    await context.close();
  }, 360_000);
});
