/**
 * 光线 (light): how fast the hum follows the light, and a tap's frame → word, in Chromium.
 *
 * The hum's latency is from the frame the live run grabbed (support/channel-probes.ts sees the
 * camera's picture drawn) to the moment the hum's oscillator is told its new pitch, and the part of
 * it after the frame's pixels were in hand (the channel and the tone player); the pitch then
 * glides there with a 30 ms time constant (tone-player.ts), reported beside it. "shown → hum" counts
 * from the moment the camera's picture changed (it adds the wait for the next frame at 10 a second
 * and the camera stream's own delay).
 */
import type { Page } from 'playwright-core';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import {
  frameGrabs,
  humAfter,
  humSettings,
  installChannelProbes,
  pixelReads,
} from '../../e2e/support/channel-probes.ts';
import { greyPicture } from '../../e2e/support/colour-light-pictures.ts';
import { brightnessOf } from '../../apps/web/src/features/see-for-me/channels/light/brightness.ts';
import { median, spokenAfter, type ChannelBench } from './channel-bench.ts';

const SWITCHES = 10;
const GLIDE_TIME_CONSTANT_MS = 30;

const pageNow = (page: Page) => page.evaluate(() => performance.now());
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? NaN;

/** The channel's own work per frame on V8 as in Chromium (here in Node): a 64 × 36 frame's brightness. */
function workPerFrame(): number {
  const data = new Uint8ClampedArray(64 * 36 * 4).map((_, i) => (i * 37) % 256);
  const frame = { data, width: 64, height: 36 };
  for (let i = 0; i < 20; i += 1) brightnessOf(frame);
  const times = Array.from({ length: 200 }, () => {
    const start = performance.now();
    brightnessOf(frame);
    return performance.now() - start;
  });
  return +median(times).toFixed(3);
}

export const bench: ChannelBench = {
  name: '光线 (light)',
  async measure(page) {
    await installChannelProbes(page.context());
    await page.goto('/see-for-me');
    const [dark, bright] = await Promise.all([greyPicture(15), greyPicture(240)]);
    await showOnCamera(page, dark);
    const opened = await pageNow(page);
    await openMoreMode(page, '光线');
    const firstHum = await humAfter(page, opened, {});
    // from here on every hum setting counts
    const shownToHum: number[] = [];
    for (let i = 0; i < SWITCHES; i += 1) {
      const toBright = i % 2 === 0;
      const since = await pageNow(page);
      await showOnCamera(page, toBright ? bright : dark);
      const hum = await humAfter(page, since, toBright ? { above: 1200 } : { below: 400 });
      shownToHum.push(hum.at - since);
      await page.waitForTimeout(300);
    }

    const grabs = await frameGrabs(page);
    const settings = (await humSettings(page)).filter((h) => h.at >= firstHum.at);
    const reads = await pixelReads(page);
    const latest = (times: number[], at: number) => times.filter((t) => t <= at).at(-1) ?? at;
    const frameToHum = settings.map((h) => h.at - latest(grabs, h.at));
    // where the time goes: drawing the camera's picture small, then the channel and the tone player
    const pixelsToHum = settings.map((h) => h.at - latest(reads, h.at));
    const seconds = (settings.at(-1)!.at - settings[0]!.at) / 1000;

    const tapAt = await pageNow(page);
    await page.getByTestId('click-area').click();
    const word = await spokenAfter(page, tapAt, /^光线/);
    const tapGrab = (await frameGrabs(page)).filter((g) => g <= word).at(-1) ?? word;

    return {
      [`frame → hum set, median of ${frameToHum.length} (ms)`]: +median(frameToHum).toFixed(1),
      'frame → hum set, p95 (ms)': +percentile(frameToHum, 0.95).toFixed(1),
      'of which pixels in hand → hum set, median (ms)': +median(pixelsToHum).toFixed(1),
      'frame → hum at 63 % of its new pitch, median (ms)': +(
        median(frameToHum) + GLIDE_TIME_CONSTANT_MS
      ).toFixed(1),
      'channel work per frame (brightness), median (ms)': workPerFrame(),
      'hum updates per second': +(settings.length / seconds).toFixed(1),
      [`picture changed → hum follows, median of ${SWITCHES} (ms)`]: Math.round(median(shownToHum)),
      'tap (level spoken): frame → word (ms)': Math.round(word - tapGrab),
    };
  },
};
