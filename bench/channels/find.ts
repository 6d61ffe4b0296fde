/**
 * 寻物 (find): frame → first word in Chromium, with Human's object detector in its worker.
 *
 * A frame's moment is when the live run drew the camera's picture to read it
 * (support/channel-probes.ts); a word's is when speech began. Each round shows the plain wall long
 * enough for the sighting to be lost (1.5 s), then a pedestrian cut from a street photo: the first
 * sighting is said at once, "人在你的…点钟方向，…". "shown → word" adds the wait for the next frame.
 * The search is for 人 (person): no cup is in the shared photos, and CenterNet's person is its
 * surest class; every class costs the detector the same.
 */
import type { Page } from 'playwright-core';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import { frameGrabs, installChannelProbes } from '../../e2e/support/channel-probes.ts';
import { emptyWall, pedestrianAt, streetPhoto } from '../../e2e/support/detector-pictures.ts';
import { median, spokenAfter, type ChannelBench } from './channel-bench.ts';

const ROUNDS = 8;
/** Longer than the guide's LOST_MS (1.5 s) and a frame: the next sighting is a first one again. */
const LOSE_IT_MS = 2_200;
/** On a loaded machine a frame can take seconds. */
const WAIT_MS = 30_000;

const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** The grab (page clock) of the frame whose look said the word at `wordAt`: the last one before it. */
async function frameOf(page: Page, wordAt: number): Promise<number> {
  return (await frameGrabs(page)).filter((g) => g <= wordAt).at(-1) ?? wordAt;
}

export const bench: ChannelBench = {
  name: '寻物 (find)',
  async measure(page): Promise<Record<string, number | string>> {
    const photo = streetPhoto;
    if (!photo) return { skipped: 'no shared fixture photos (FIXTURES_DIR)' };
    await installChannelProbes(page.context());
    await page.goto('/see-for-me');
    const wall = await emptyWall();
    const pictures = await Promise.all([0.3, 0.7].map((x) => pedestrianAt(photo, x)));
    await showOnCamera(page, wall);
    const opened = await pageNow(page);
    await openMoreMode(page, '寻物');
    const picker = page.getByLabel(/要找的东西/);
    await picker.waitFor({ timeout: 60_000 });
    const ready = await pageNow(page);
    const chosen = await pageNow(page);
    await picker.selectOption({ label: '人' });
    await spokenAfter(page, chosen, /^开始找人$/, WAIT_MS);

    const frameToWord: number[] = [];
    const shownToWord: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      await showOnCamera(page, wall);
      await page.waitForTimeout(LOSE_IT_MS);
      const since = await pageNow(page);
      await showOnCamera(page, pictures[i % 2]!);
      const word = await spokenAfter(page, since, /^人在你的/, WAIT_MS);
      shownToWord.push(word - since);
      frameToWord.push(word - (await frameOf(page, word)));
    }
    return {
      'open → detector ready, picker shown (ms)': Math.round(ready - opened),
      [`frame → first word, median of ${ROUNDS} (ms)`]: Math.round(median(frameToWord)),
      'frame → first word, worst (ms)': Math.round(Math.max(...frameToWord)),
      'shown → first word, median (ms)': Math.round(median(shownToWord)),
    };
  },
};
