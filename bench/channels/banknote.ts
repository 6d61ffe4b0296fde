/**
 * Banknotes (纸币), in Chromium with the OCR worker: the value said for each note of a rendered set
 * (every value, front and back, whole, under a thumb and folded, level, tilted and on its side or
 * upside down: a stratified third of the unit tests' 288), counted right, wrong or left uncertain
 * (no value within six frames; the empty desk between notes for two, so a note of the value just
 * named is said again); and frame → first word, from the first frame grabbed after the note appeared to its value being
 * said (two frames must agree, so this is at least one interval plus two readings). A red card with
 * no numeral is shown too: any value said for it is wrong.
 */
import type { Page } from 'playwright-core';
import {
  NOTE_INKS,
  noteScenes,
  renderColourCard,
  renderEmptyDesk,
  renderNote,
} from '../../apps/web/test/images/rendered-notes.ts';
import { installChannelProbes, frameGrabs } from '../../e2e/support/channel-probes.ts';
import { openMoreMode, showOnCamera } from '../../e2e/support/canvas-camera.ts';
import { median, type ChannelBench } from './channel-bench.ts';

/** Every third note of the set, shifted so each value and side meets every placement. */
const SAMPLE_EVERY = 3;
/** A note no value was said for within this many frames counts as left uncertain. */
const FRAMES_PER_NOTE = 6;
/** The desk between notes for this many frames: the channel forgets the note it named after two. */
const DESK_FRAMES = 2;
const A_VALUE = /^(\d+)\s*元$/;

const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** The first value said after `since`, or null when none before the channel looked at `frames` frames. */
async function valueAfter(
  page: Page,
  since: number,
  frames: number,
  timeout = 60_000,
): Promise<{ value: number; at: number } | null> {
  const handle = await page.waitForFunction(
    ({ since, source, frames }) => {
      const w = window as unknown as { __spoken: { text: string; at: number }[]; __grabs: number[] };
      const re = new RegExp(source);
      const hit = w.__spoken.find((s) => s.at >= since && re.test(s.text.trim()));
      if (hit) return { value: Number(re.exec(hit.text.trim())![1]), at: hit.at };
      // a grab starts a look only when the one before it ended: frames + 1 grabs, frames looked at
      return w.__grabs.filter((at) => at >= since).length > frames ? { value: null, at: 0 } : null;
    },
    { since, source: A_VALUE.source, frames },
    { timeout, polling: 20 },
  );
  const said = (await handle.jsonValue()) as { value: number | null; at: number };
  return said.value === null ? null : { value: said.value, at: said.at };
}

/** Shows the empty desk until the channel has looked at it for `DESK_FRAMES` frames. */
async function clearDesk(page: Page, desk: Buffer): Promise<void> {
  const since = await pageNow(page);
  await showOnCamera(page, desk);
  await page.waitForFunction(
    ({ since, frames }) =>
      (window as unknown as { __grabs: number[] }).__grabs.filter((at) => at >= since).length > frames,
    { since, frames: DESK_FRAMES },
    { timeout: 60_000, polling: 20 },
  );
}

async function firstGrabAfter(page: Page, since: number): Promise<number> {
  return (await frameGrabs(page)).find((at) => at >= since) ?? since;
}

export const bench: ChannelBench = {
  name: 'banknotes (纸币)',
  async measure(page) {
    await installChannelProbes(page.context());
    let serverReadings = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/vision/text-lines')) serverReadings += 1;
    });
    await page.addInitScript(() => localStorage.setItem('sfm.ocrEngine', 'device'));
    await page.goto('/see-for-me');
    const desk = await renderEmptyDesk();
    await showOnCamera(page, desk);
    await openMoreMode(page, '纸币');

    // the models load with the first note, which is not counted
    const opened = await pageNow(page);
    const warmUp = noteScenes().find((s) => s.value === 100 && s.cover === 'none')!;
    await showOnCamera(page, (await renderNote(warmUp)).png);
    const warm = await valueAfter(page, opened, 1e9, 180_000);

    const scenes = noteScenes().filter((_, i) => (i + Math.floor(i / 24)) % SAMPLE_EVERY === 0);
    const tally = { right: 0, uncertain: 0, wrong: 0 };
    const wrong: string[] = [];
    const frameToWord: number[] = [];
    for (const scene of scenes) {
      await clearDesk(page, desk);
      const shown = await pageNow(page);
      await showOnCamera(page, (await renderNote(scene)).png);
      const said = await valueAfter(page, shown, FRAMES_PER_NOTE);
      if (!said) tally.uncertain += 1;
      else if (said.value === scene.value) {
        tally.right += 1;
        frameToWord.push(said.at - (await firstGrabAfter(page, shown)));
      } else {
        tally.wrong += 1;
        wrong.push(`${scene.value} ${scene.side} ${scene.cover} ${scene.placement.angle}° → ${said.value}`);
      }
    }

    await clearDesk(page, desk);
    const cardShown = await pageNow(page);
    await showOnCamera(page, await renderColourCard(NOTE_INKS[100].mid));
    const cardValue = await valueAfter(page, cardShown, 2 * FRAMES_PER_NOTE);

    const ms = (x: number) => Math.round(x);
    return {
      'notes shown': scenes.length,
      'value accuracy (named right / shown; target ≥ 98 %)': `${((tally.right / scenes.length) * 100).toFixed(1)} %`,
      'wrong values (target 0)': tally.wrong,
      'left uncertain': tally.uncertain,
      ...(wrong.length && { 'wrong: ': wrong.join('; ') }),
      'red card without numerals: values said (target 0)': cardValue ? 1 : 0,
      'frames read by the server (a device measured too slow)': serverReadings,
      'mode opened → first value (ms, models loading)': warm ? ms(warm.at - opened) : 'none',
      'frame → first word, median (ms)': ms(median(frameToWord)),
      'frame → first word, worst (ms)': frameToWord.length ? ms(Math.max(...frameToWord)) : 'none',
    };
  },
};
