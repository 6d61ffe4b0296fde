/**
 * Instant text (短文本): frame → first word, on the device (the OCR worker) and on the server
 * fallback (localStorage `sfm.ocrEngine` = 'server'). A frame's moment is when the live run grabbed
 * it (its getImageData, recorded here); "shown" counts from the moment the camera's picture changed,
 * so it adds the wait for the next frame (up to the mode's interval). "Mode opened → first card
 * read" is measured first as a user gets it the first time (the models downloading, the server
 * reading meanwhile: 'auto'), then pinned to the device (its models loading from Cache Storage).
 */
import type { Page } from 'playwright-core';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import { textCard } from '../../e2e/support/text-card.ts';
import { median, spokenAfter, type ChannelBench } from './channel-bench.ts';

/** Short texts of signs, labels and screens: each card is new text (nothing is repeated). */
const CARDS = [
  ['出口'],
  ['小心地滑'],
  ['营业时间', '早上九点'],
  ['禁止吸烟'],
  ['电梯', '3F'],
  ['请勿停车'],
  ['PUSH'],
  ['收银台'],
  ['洗手间'],
  ['请排队'],
];
/** The blank between cards: long enough for the view to change and speech to end. */
const BETWEEN_MS = 1200;

async function recordGrabs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __grabs: number[] };
    w.__grabs = [];
    for (const proto of [OffscreenCanvasRenderingContext2D.prototype, CanvasRenderingContext2D.prototype]) {
      const original = proto.getImageData;
      proto.getImageData = function (this: typeof proto, ...args: Parameters<typeof original>) {
        w.__grabs.push(performance.now());
        return original.apply(this, args);
      } as typeof original;
    }
  });
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());
const firstGrabAfter = (page: Page, since: number) =>
  page.evaluate((t) => (window as unknown as { __grabs: number[] }).__grabs.find((g) => g >= t) ?? t, since);
/** The card's first line as said (the cards hold no pattern characters). */
const words = (lines: string[]) => new RegExp((lines[0] ?? '').replace(/\s+/g, '\\s*'));

/** Where the OCR runs: pinned to the device or the server, or as a user gets it ('auto'). */
type Engine = 'device' | 'server' | 'auto';

async function run(page: Page, engine: Engine): Promise<Record<string, number | string>> {
  await page.evaluate(
    (e) =>
      e === 'auto' ? localStorage.removeItem('sfm.ocrEngine') : localStorage.setItem('sfm.ocrEngine', e),
    engine,
  );
  await page.goto('/see-for-me');
  await showOnCamera(page, await textCard([]));
  await openMoreMode(page, '短文本');
  const opened = await pageNow(page);
  await showOnCamera(page, await textCard(['预热']));
  const warm = await spokenAfter(page, opened, /预热/, 120_000);
  const first = { [`${engine}: mode opened → first card read (ms)`]: Math.round(warm - opened) };
  if (engine === 'auto') return first;
  const frameToWord: number[] = [];
  const shownToWord: number[] = [];
  for (const card of CARDS) {
    await showOnCamera(page, await textCard([]));
    await page.waitForTimeout(BETWEEN_MS);
    const shown = await pageNow(page);
    await showOnCamera(page, await textCard(card));
    const said = await spokenAfter(page, shown, words(card), 15_000);
    shownToWord.push(said - shown);
    frameToWord.push(said - (await firstGrabAfter(page, shown)));
  }
  const ms = (x: number) => Math.round(x);
  return {
    ...first,
    [`${engine}: frame → first word, median (ms; target ≤ 1000)`]: ms(median(frameToWord)),
    [`${engine}: frame → first word, worst (ms)`]: ms(Math.max(...frameToWord)),
    [`${engine}: shown → first word, median (ms, + the wait for the next frame)`]: ms(median(shownToWord)),
  };
}

export const bench: ChannelBench = {
  name: 'instant text (短文本)',
  async measure(page) {
    await recordGrabs(page);
    await page.goto('/see-for-me');
    // first as a user opens the mode the first time (models downloading, the server reading
    // meanwhile), then pinned to each side (the device's models from Cache Storage by then)
    return { ...(await run(page, 'auto')), ...(await run(page, 'device')), ...(await run(page, 'server')) };
  },
};
