/**
 * 颜色 (colour): frame → word in Chromium, and how often the name agrees with the labelled set.
 *
 * A frame's moment is when the live run drew the camera's picture to read it (support/channel-probes.ts);
 * a word's is when speech began. "first word" is the mode's first frame after opening; "new colour"
 * counts from the frame that confirmed a changed colour (the channel waits for a new colour to hold
 * about 350 ms first, which "shown → word" includes, with the wait for the next frame). A tap's is
 * from the frame the tap read. "pixels in hand → word" is the channel's own part (and the speech
 * call's): from when the grabbed frame's pixels were read off the canvas. Agreement is measured twice: over the whole labelled set under neutral,
 * warm and cool light on the channel's own code (its pixel arithmetic is the same in Node), and on a
 * sample through the real camera path in the browser (canvas stream → video → the grab's scaling).
 */
import type { Page } from 'playwright-core';
import { COLOUR_NAMING_SET } from '../../apps/web/test/images/colour-naming-set.ts';
import {
  COOL_LIGHT,
  hex,
  inRoom,
  NEUTRAL_LIGHT,
  paint,
  solid,
  stripes,
  underLight,
  WARM_LIGHT,
} from '../../apps/web/test/images/painted-frames.ts';
import { centreColour } from '../../apps/web/src/features/see-for-me/channels/colour/centre-colour.ts';
import { garmentColours } from '../../apps/web/src/features/see-for-me/channels/colour/garment.ts';
import { channelColourZhCN } from '../../apps/web/src/i18n/channel-colour/zh-CN.ts';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import { frameGrabs, installChannelProbes, pixelReads } from '../../e2e/support/channel-probes.ts';
import { garmentPicture } from '../../e2e/support/colour-light-pictures.ts';
import { median, spokenAfter, type ChannelBench } from './channel-bench.ts';

/** Garments shown one after another: each is named differently from the one before. */
const SEQUENCE = ['#c41e3a', '#1f2a44', '#f4f4f4', '#2e7d32', '#c3b091', '#1a1a1a', '#f48fb1', '#ffa500'];
/** Every how-many-th colour of the labelled set goes through the camera path. */
const CAMERA_SAMPLE_EVERY = 4;
const zh = channelColourZhCN.names;
const ANY_NAME = new RegExp(`^(${Object.values(zh).join('|')})$`);

const pageNow = (page: Page) => page.evaluate(() => performance.now());
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
/** The last frame grabbed before `at`. */
const frameBefore = async (page: Page, at: number) =>
  (await frameGrabs(page)).filter((g) => g <= at).at(-1) ?? at;
/** When the pixels of the last frame before `at` were in hand (the channel's part starts there). */
const pixelsBefore = async (page: Page, at: number) =>
  (await pixelReads(page)).filter((r) => r <= at).at(-1) ?? at;

/** The labelled set's agreement on the channel's code, per light, at the channel's frame size. */
function codeAgreement(): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, light] of [
    ['neutral', NEUTRAL_LIGHT],
    ['warm', WARM_LIGHT],
    ['cool', COOL_LIGHT],
  ] as const) {
    const agreed = COLOUR_NAMING_SET.filter((c) =>
      c.names.includes(centreColour(underLight(paint(360, 203, inRoom(360, 203, solid(hex(c.hex)))), light))),
    ).length;
    result[`agreement, labelled set in a room, ${name} light (${COLOUR_NAMING_SET.length})`] = pct(
      agreed / COLOUR_NAMING_SET.length,
    );
  }
  return result;
}

/**
 * The channel's own work per frame and per tap, on V8 as in Chromium (here in Node, so the camera's
 * picture and the page's other work are not in it): a frame of the channel's size, a striped shirt.
 */
function computeTimes(): Record<string, number> {
  const frame = underLight(
    paint(360, 203, inRoom(360, 203, stripes(hex('#1f2a44'), hex('#f4f4f4'), 6), 0.7)),
    NEUTRAL_LIGHT,
  );
  const timed = (work: () => unknown) => {
    for (let i = 0; i < 5; i += 1) work();
    const times = Array.from({ length: 30 }, () => {
      const start = performance.now();
      work();
      return performance.now() - start;
    });
    return +median(times).toFixed(2);
  };
  return {
    'channel work per frame (centre colour), median (ms)': timed(() => centreColour(frame)),
    'channel work per tap (garment colours and pattern), median (ms)': timed(() => garmentColours(frame)),
  };
}

async function cameraAgreement(page: Page): Promise<{ agreed: number; of: number; misses: string[] }> {
  const sample = COLOUR_NAMING_SET.filter((_, i) => i % CAMERA_SAMPLE_EVERY === 0).filter(
    (c) => !c.names.includes('black'),
  );
  const black = await garmentPicture('#000000');
  let agreed = 0;
  const misses: string[] = [];
  for (const colour of sample) {
    // black between two colours: each colour is a change, so it is said
    let since = await pageNow(page);
    await showOnCamera(page, black);
    await spokenAfter(page, since, /^黑色$/);
    since = await pageNow(page);
    await showOnCamera(page, await garmentPicture(colour.hex));
    const at = await spokenAfter(page, since, ANY_NAME);
    const said = await page.evaluate(
      (t) =>
        (window as unknown as { __spoken: { text: string; at: number }[] }).__spoken.find((s) => s.at === t)
          ?.text,
      at,
    );
    if (colour.names.some((n) => zh[n] === said)) agreed += 1;
    else misses.push(`${colour.source} → ${said}`);
  }
  return { agreed, of: sample.length, misses };
}

export const bench: ChannelBench = {
  name: '颜色 (colour)',
  async measure(page) {
    await installChannelProbes(page.context());
    await page.goto('/see-for-me');
    await showOnCamera(page, await garmentPicture('#1f2a44'));
    const opened = await pageNow(page);
    await openMoreMode(page, '颜色');
    const first = await spokenAfter(page, opened, ANY_NAME);
    const firstFrameToWord = first - (await frameBefore(page, first));
    const firstPixelsToWord = first - (await pixelsBefore(page, first));

    const frameToWord: number[] = [];
    const pixelsToWord: number[] = [];
    const shownToWord: number[] = [];
    for (const colour of SEQUENCE) {
      const since = await pageNow(page);
      await showOnCamera(page, await garmentPicture(colour));
      const at = await spokenAfter(page, since, ANY_NAME);
      frameToWord.push(at - (await frameBefore(page, at)));
      pixelsToWord.push(at - (await pixelsBefore(page, at)));
      shownToWord.push(at - since);
    }

    await showOnCamera(page, await garmentPicture('#1f2a44', { stripesWith: '#f4f4f4' }));
    await page.waitForTimeout(500);
    const tapAt = await pageNow(page);
    await page.getByTestId('click-area').click();
    const tapWord = await spokenAfter(page, tapAt, /条纹|格子|花纹|纯色/);
    const tapFrameToWord = tapWord - (await frameBefore(page, tapWord));
    const tapPixelsToWord = tapWord - (await pixelsBefore(page, tapWord));

    const camera = await cameraAgreement(page);
    return {
      'first word: frame → word (ms)': Math.round(firstFrameToWord),
      'first word: of which pixels in hand → word (ms)': +firstPixelsToWord.toFixed(1),
      [`new colour: frame → word, median of ${SEQUENCE.length} (ms)`]: Math.round(median(frameToWord)),
      'new colour: frame → word, max (ms)': Math.round(Math.max(...frameToWord)),
      'new colour: of which pixels in hand → word, median (ms)': +median(pixelsToWord).toFixed(1),
      'new colour: shown → word, median (ms, with the 350 ms hold)': Math.round(median(shownToWord)),
      'tap (garment colours and pattern): frame → word (ms)': Math.round(tapFrameToWord),
      'tap: of which pixels in hand → word (ms)': +tapPixelsToWord.toFixed(1),
      ...computeTimes(),
      ...codeAgreement(),
      [`agreement through the camera, neutral light (${camera.of} of the set)`]: pct(
        camera.agreed / camera.of,
      ),
      ...(camera.misses.length ? { 'camera misses': camera.misses.join('; ') } : {}),
    };
  },
};
