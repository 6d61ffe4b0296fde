/**
 * Document (文档): the share of framing directions said right, and capture → first word of the page.
 *
 * Directions: the rendered set of the unit tests (pages drawn with bars for lines, 528 frames) is
 * judged by the channel's own framing code here in Node; then, in Chromium through the real
 * product, pages in real letters are shown on the canvas camera cut off at each side, too small,
 * too close and turned, and the first hint said for each is compared with the one expected (between
 * two pages the camera shows the bare table, so each hint is a change and is said).
 *
 * Capture → first word: a framed page is shown; from the shutter (the channel's 1800 Hz tone, heard
 * through WebAudio) to the start of the utterance that reads the page. The mode's first capture is
 * reported apart: its reading is the OCR's first whole page (the guidance loaded the models, but the
 * recogniser's first lines are slower).
 */
import type { Page } from 'playwright-core';
import { installToneProbe, toneAfter } from '../../e2e/support/tone-probes.ts';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import { documentPage, emptyTable, type PagePlacement } from '../../e2e/support/document-page.ts';
import {
  judgeFrame,
  TextLines,
} from '../../apps/web/src/features/see-for-me/channels/document/frame-judge.ts';
import type { Advice } from '../../apps/web/src/features/see-for-me/channels/document/framing.ts';
import { renderPage } from '../../apps/web/src/features/see-for-me/channels/document/rendered-page.ts';
import { renderedSet } from '../../apps/web/src/features/see-for-me/channels/document/rendered-set.ts';
import { channelDocumentZhCN } from '../../apps/web/src/i18n/channel-document/zh-CN.ts';
import { median, spokenAfter, type ChannelBench } from './channel-bench.ts';

const NOTICE = {
  heading: '停水通知',
  paragraphs: [
    ['明天上午九点到下午五点', '小区停水，请提前储水。'],
    ['给您带来不便，敬请谅解。', '物业服务中心'],
  ],
};
const SHUTTER_HZ = 1800;
const CAPTURES = 4;
/** How long a shown page has to be hinted (two frames of 400 ms agree, then the 1.5 s cooldown). */
const HINT_WAIT_MS = 6_000;

/** The rendered set judged in Node, each frame's text lines given by the renderer (a perfect detector). */
async function renderedRate(): Promise<{ rate: number; count: number }> {
  const cases = renderedSet();
  let right = 0;
  for (const c of cases) {
    const page = renderPage(c.scene);
    const lines = new TextLines({ detectLines: () => Promise.resolve(page.lines) });
    if ((await judgeFrame(page.pixels, lines, new AbortController().signal, 0)).advice === c.expected)
      right += 1;
  }
  return { rate: right / cases.length, count: cases.length };
}

/** The pages shown in Chromium and the hint each should get. */
function browserCases(): { placement: PagePlacement; expected: Exclude<Advice, 'framed'> }[] {
  const cases: { placement: PagePlacement; expected: Exclude<Advice, 'framed'> }[] = [];
  const halfW = (0.75 * 720) / Math.SQRT2 / 1280 / 2;
  for (const table of ['#3a3a3a', '#8a8a8a']) {
    for (const out of [0.15, 0.3, 0.45]) {
      const shiftX = halfW - out * 2 * halfW;
      const shiftY = 0.3 - out * 0.6;
      cases.push(
        { placement: { table, centreX: shiftX }, expected: 'moveLeft' },
        { placement: { table, centreX: 1 - shiftX }, expected: 'moveRight' },
        { placement: { table, height: 0.6, centreY: shiftY }, expected: 'moveUp' },
        { placement: { table, height: 0.6, centreY: 1 - shiftY }, expected: 'moveDown' },
      );
    }
    for (const height of [0.25, 0.35]) cases.push({ placement: { table, height }, expected: 'closer' });
    for (const height of [1.6, 2.4]) cases.push({ placement: { table, height }, expected: 'farther' });
    for (const rotationDeg of [20, 28]) {
      cases.push(
        { placement: { table, height: 0.55, rotationDeg }, expected: 'rotateClockwise' },
        { placement: { table, height: 0.55, rotationDeg: -rotationDeg }, expected: 'rotateCounterClockwise' },
      );
    }
  }
  return cases;
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());
const spokenSince = (page: Page, since: number) =>
  page.evaluate(
    (t) =>
      (window as unknown as { __spoken: { text: string; at: number }[] }).__spoken
        .filter((s) => s.at >= t)
        .map((s) => s.text),
    since,
  );

async function openDocumentMode(page: Page): Promise<void> {
  await page.goto('/see-for-me');
  await showOnCamera(page, await emptyTable());
  await openMoreMode(page, '文档');
}

/** The hints said for pages in real letters: the share right, and what went wrong. */
async function browserRate(page: Page): Promise<{ rate: number; count: number; wrong: string[] }> {
  const hints = channelDocumentZhCN.hints;
  const cases = browserCases();
  const wrong: string[] = [];
  for (const c of cases) {
    await showOnCamera(page, await emptyTable(c.placement.table));
    await page.waitForTimeout(1500);
    const since = await pageNow(page);
    await showOnCamera(page, await documentPage(NOTICE, c.placement));
    await page.waitForTimeout(HINT_WAIT_MS);
    const said = (await spokenSince(page, since)).filter((t) => t !== hints.noDocument);
    if (said[0] !== hints[c.expected]) {
      wrong.push(`${JSON.stringify(c.placement)}: ${said[0] ?? 'nothing'}, expected ${hints[c.expected]}`);
      // a page captured by mistake leaves the channel quiet while it is read: start afresh
      await openDocumentMode(page);
    }
  }
  return { rate: 1 - wrong.length / cases.length, count: cases.length, wrong };
}

async function measure(page: Page): Promise<Record<string, number | string>> {
  const node = await renderedRate();
  await installToneProbe(page.context());
  await openDocumentMode(page);
  const browser = await browserRate(page);

  const captureToWord: number[] = [];
  let first = NaN;
  for (let i = 0; i < CAPTURES; i += 1) {
    // the page leaves the view for a few frames (a page stays unread again until it has)
    await showOnCamera(page, await emptyTable());
    await page.waitForTimeout(3000);
    const since = await pageNow(page);
    await showOnCamera(page, await documentPage(NOTICE));
    const shutter = await toneAfter(page, since, { hz: SHUTTER_HZ, timeoutMs: 30_000 });
    const word = await spokenAfter(page, shutter, /停水通知/, 60_000);
    if (i === 0) first = word - shutter;
    else captureToWord.push(word - shutter);
  }
  const usedServer = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/vision/text-lines')),
  );
  return {
    'direction correct, rendered set in Node (target ≥ 95 %)': `${(node.rate * 100).toFixed(1)} % of ${node.count}`,
    'direction correct, real-letter pages in Chromium (target ≥ 95 %)': `${(browser.rate * 100).toFixed(1)} % of ${browser.count}`,
    ...(browser.wrong.length ? { 'wrong in Chromium': browser.wrong.join('; ') } : {}),
    'capture → first word, median ms (target ≤ 2000)': Math.round(median(captureToWord)),
    "capture → first word, the mode's first capture, ms": Math.round(first),
    'OCR ran on': usedServer ? 'the server (the device could not)' : 'the device',
  };
}

export const bench: ChannelBench = { name: 'document (文档)', measure };
