/**
 * 周围的人 (people nearby): frame → first word in Chromium, with Human's object, face and emotion
 * models in their worker.
 *
 * A frame's moment is when the live run drew the camera's picture to read it
 * (support/channel-probes.ts); a word's is when speech began. Each round shows the plain wall until
 * "附近没有看到人" is said, then a street photo: someone coming into a view that had nobody is said
 * at once ("三个人：…"). Other changes wait for a second frame to agree by design (not measured
 * here). A tap's word counts from the frame the tap read; taps that came while the live run had a
 * frame in hand are counted (scene/live-run.ts then only stops the speech). On a loaded machine a
 * frame can take seconds: the waits are long.
 */
import type { Page } from 'playwright-core';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import { frameGrabs, installChannelProbes } from '../../e2e/support/channel-probes.ts';
import { asCameraPicture, emptyWall, streetPhoto } from '../../e2e/support/detector-pictures.ts';
import { median, spokenAfter, type ChannelBench } from './channel-bench.ts';

const ROUNDS = 6;
const NOBODY = /^附近没有看到人$/;
const PEOPLE = /个人/;
const TAP_TRIES = 10;
const WAIT_MS = 30_000;

const pageNow = (page: Page) => page.evaluate(() => performance.now());

async function frameOf(page: Page, wordAt: number): Promise<number> {
  return (await frameGrabs(page)).filter((g) => g <= wordAt).at(-1) ?? wordAt;
}

/** Taps until one is answered: a tap while the live run has a frame in hand is not handed to the channel. */
async function tapUntilSaid(page: Page): Promise<{ at: number; word: number; dropped: number }> {
  for (let dropped = 0; dropped < TAP_TRIES; dropped += 1) {
    const at = await pageNow(page);
    await page.getByTestId('click-area').click();
    const word = await spokenAfter(page, at, PEOPLE, 2_000).catch(() => null);
    if (word !== null) return { at, word, dropped };
  }
  throw new Error(`no tap of ${TAP_TRIES} was answered`);
}

export const bench: ChannelBench = {
  name: '周围的人 (people)',
  async measure(page): Promise<Record<string, number | string>> {
    const photo = streetPhoto;
    if (!photo) return { skipped: 'no shared fixture photos (FIXTURES_DIR)' };
    await installChannelProbes(page.context());
    await page.goto('/see-for-me');
    const [wall, street] = await Promise.all([emptyWall(), asCameraPicture(photo)]);
    await showOnCamera(page, wall);
    const opened = await pageNow(page);
    await openMoreMode(page, '周围的人');
    const first = await spokenAfter(page, opened, NOBODY, 60_000);

    const frameToWord: number[] = [];
    const shownToWord: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const since = await pageNow(page);
      await showOnCamera(page, street);
      const word = await spokenAfter(page, since, PEOPLE, WAIT_MS);
      shownToWord.push(word - since);
      frameToWord.push(word - (await frameOf(page, word)));
      const gone = await pageNow(page);
      await showOnCamera(page, wall);
      await spokenAfter(page, gone, NOBODY, WAIT_MS);
    }

    await showOnCamera(page, street);
    await spokenAfter(page, await pageNow(page), PEOPLE, WAIT_MS);
    const tap = await tapUntilSaid(page);

    return {
      'open → first word (detector loaded, ms)': Math.round(first - opened),
      [`frame → first word, median of ${ROUNDS} (ms)`]: Math.round(median(frameToWord)),
      'frame → first word, worst (ms)': Math.round(Math.max(...frameToWord)),
      'shown → first word, median (ms)': Math.round(median(shownToWord)),
      'tap → word (ms)': Math.round(tap.word - tap.at),
      'tap frame → word (ms)': Math.round(tap.word - (await frameOf(page, tap.word))),
      'taps dropped (a frame in hand: the tap only stopped speech)': tap.dropped,
    };
  },
};
