import { describe, expect, it } from 'vitest';
import {
  noteScenes,
  notePixels,
  pixelsOf,
  renderColourCard,
  NOTE_INKS,
  type NoteScene,
  type VisibleLine,
} from '../../../../../test/images/rendered-notes.ts';
import { judgeFrame, type FrameVerdict, type ReadLine } from './frame-verdict.ts';
import { SteadyReading } from './steady-reading.ts';
import type { NoteValue } from './denominations.ts';

/** The channel's frames are this wide (index.ts's frameSide). */
const FRAME_WIDTH = 640;
/** Frames each note is looked at for: four seconds at the channel's pace (index.ts). */
const FRAMES = 5;

/** A seeded random source (mulberry32): the same noise on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LOOKALIKE: Record<string, string[]> = {
  '0': ['O', 'o', 'D'],
  '1': ['l', 'I', '|'],
  '5': ['S'],
  '2': ['Z'],
};

/**
 * What a real OCR makes of the visible lines: it misses lines, takes a large numeral's digits for
 * letters, drops a numeral's last digit now and then (a "100" read "10" with nothing covering it),
 * reads an upside-down numeral backwards, 圆 as 园, and reads odd bits of the pattern as text.
 */
function noisyOcr(lines: readonly VisibleLine[], upsideDown: boolean, rnd: () => number): ReadLine[] {
  const read: ReadLine[] = [];
  for (const { text, box } of lines) {
    if (rnd() < 0.15) continue;
    let seen = text;
    if (/^\d+$/.test(seen)) {
      if (upsideDown && rnd() < 0.3) seen = [...seen].reverse().join('');
      if (seen.length > 1 && rnd() < 0.05) seen = seen.slice(0, -1);
      seen = [...seen]
        .map((c) =>
          LOOKALIKE[c] && rnd() < 0.2 ? LOOKALIKE[c][Math.floor(rnd() * LOOKALIKE[c].length)]! : c,
        )
        .join('');
    }
    if (rnd() < 0.2) seen = seen.replace('圆', '园');
    read.push({ text: seen, box, score: 0.6 + rnd() * 0.4 });
  }
  if (rnd() < 0.2) read.push({ text: 'J4', box: { x: 10, y: 10, width: 20, height: 10 }, score: 0.55 });
  return read;
}

const upsideDown = (scene: NoteScene) => {
  const angle = ((scene.placement.angle % 360) + 360) % 360;
  return angle > 135 && angle < 225;
};

/** What the channel says of a note over its frames: the first value, or null (only doubts). */
function spoken(verdicts: readonly FrameVerdict[]): { values: NoteValue[] } {
  const steady = new SteadyReading();
  const values: NoteValue[] = [];
  verdicts.forEach((v, i) => {
    const said = steady.next(v, i * 800);
    if (said?.kind === 'value') values.push(said.value);
  });
  return { values };
}

describe('the rendered set: every value, both sides, four turns and tilted, whole, under a thumb, folded', () => {
  it('names ≥ 98 % of the notes and never a wrong value, through the OCR’s noise', async () => {
    const scenes = noteScenes();
    const rnd = random(20_260_101);
    const tally = { right: 0, uncertain: 0, wrong: 0 };
    const wrong: string[] = [];
    for (const scene of scenes) {
      const { pixels, lines } = await notePixels(scene, FRAME_WIDTH);
      const verdicts = Array.from({ length: FRAMES }, () =>
        judgeFrame(noisyOcr(lines, upsideDown(scene), rnd), pixels),
      );
      const { values } = spoken(verdicts);
      if (values.some((v) => v !== scene.value)) {
        tally.wrong += 1;
        wrong.push(
          `${scene.value} ${scene.side} ${scene.cover} ${scene.placement.angle}° → ${values.join(',')}`,
        );
      } else if (values.length) tally.right += 1;
      else tally.uncertain += 1;
    }
    const accuracy = tally.right / scenes.length;
    console.log(
      `banknote rendered set: ${scenes.length} notes, ${tally.right} named, ${tally.uncertain} uncertain, ${tally.wrong} wrong; accuracy ${(accuracy * 100).toFixed(1)} %`,
    );
    expect(wrong).toEqual([]);
    expect(accuracy).toBeGreaterThanOrEqual(0.98);
  }, 60_000);
});

describe('what must never be named', () => {
  const judgeTwice = (lines: ReadLine[], pixels: Parameters<typeof judgeFrame>[1]) =>
    spoken([judgeFrame(lines, pixels), judgeFrame(lines, pixels), judgeFrame(lines, pixels)]);

  it('a card in a note’s colour with no numeral: doubt, never a value', async () => {
    for (const value of [100, 50, 20, 10, 5, 1] as const) {
      const card = await pixelsOf(await renderColourCard(NOTE_INKS[value].mid), FRAME_WIDTH);
      expect(judgeFrame([], card)).toEqual({ kind: 'uncertain', why: 'noNumeral' });
      expect(judgeTwice([], card).values).toEqual([]);
    }
  });

  it('a numeral on another note’s colour: a red card reading "10" or "50", a green one reading "100"', async () => {
    const red = await pixelsOf(await renderColourCard(NOTE_INKS[100].mid), FRAME_WIDTH);
    const green = await pixelsOf(await renderColourCard(NOTE_INKS[50].mid), FRAME_WIDTH);
    const at = { x: 200, y: 150, width: 60, height: 30 };
    const elsewhere = { x: 380, y: 200, width: 60, height: 30 };
    expect(judgeFrame([{ text: '10', box: at, score: 0.9 }], red)).toEqual({
      kind: 'uncertain',
      why: 'colourContradicts',
    });
    expect(judgeFrame([{ text: '50', box: at, score: 0.9 }], red).kind).toBe('uncertain');
    expect(
      judgeTwice(
        [
          { text: '100', box: at, score: 0.9 },
          { text: '100', box: elsewhere, score: 0.9 },
        ],
        green,
      ).values,
    ).toEqual([]);
  });

  it('a 100 whose numerals are all read without their last 0, a 50 read as "5": doubt', async () => {
    const hundred = await notePixels(
      {
        value: 100,
        side: 'front',
        cover: 'none',
        placement: { angle: 0, widthShare: 0.7, cx: 0.5, cy: 0.5 },
      },
      FRAME_WIDTH,
    );
    const cut = hundred.lines
      .filter((l) => l.text !== '壹佰圆')
      .map((l) => ({ ...l, text: l.text === '100' ? '10' : l.text, score: 0.9 }));
    expect(judgeTwice(cut, hundred.pixels).values).toEqual([]);
    const fifty = await notePixels(
      { value: 50, side: 'back', cover: 'none', placement: { angle: 90, widthShare: 0.4, cx: 0.5, cy: 0.5 } },
      FRAME_WIDTH,
    );
    const five = fifty.lines.map((l) => ({ ...l, text: l.text === '50' ? '5' : l.text, score: 0.9 }));
    expect(judgeTwice(five, fifty.pixels).values).toEqual([]);
  });

  it('another currency’s words beside a numeral, or two values at once: doubt', async () => {
    const hundred = await notePixels(
      {
        value: 100,
        side: 'front',
        cover: 'none',
        placement: { angle: 0, widthShare: 0.7, cx: 0.5, cy: 0.5 },
      },
      FRAME_WIDTH,
    );
    const lines = hundred.lines.map((l) => ({ ...l, score: 0.9 }));
    const box = { x: 5, y: 5, width: 50, height: 20 };
    expect(judgeFrame([...lines, { text: 'HONG KONG', box, score: 0.9 }], hundred.pixels)).toEqual({
      kind: 'uncertain',
      why: 'foreign',
    });
    expect(judgeFrame([...lines, { text: '50', box, score: 0.9 }], hundred.pixels)).toEqual({
      kind: 'uncertain',
      why: 'conflict',
    });
  });

  it('one clean frame is not enough: the value waits for a second that agrees', async () => {
    const hundred = await notePixels(
      {
        value: 100,
        side: 'front',
        cover: 'none',
        placement: { angle: 0, widthShare: 0.7, cx: 0.5, cy: 0.5 },
      },
      FRAME_WIDTH,
    );
    const lines = hundred.lines.map((l) => ({ ...l, score: 0.9 }));
    const good = judgeFrame(lines, hundred.pixels);
    expect(good).toEqual({ kind: 'value', value: 100 });
    expect(spoken([good]).values).toEqual([]);
    expect(spoken([good, good]).values).toEqual([100]);
    // a frame between them that read no numeral does not undo it; one that read another value does
    expect(spoken([good, { kind: 'uncertain', why: 'weak' }, good]).values).toEqual([100]);
    expect(spoken([good, { kind: 'value', value: 10 }, good]).values).toEqual([]);
  });
});
