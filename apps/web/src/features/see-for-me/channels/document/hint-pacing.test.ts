import { describe, expect, it } from 'vitest';
import { COOLDOWN_MS, HintPacer, type Hint } from './hint-pacing.ts';

const FRAME_MS = 400;

/** Feeds one hint per frame on a fake clock; returns what was said, with the frame's time. */
function run(hints: (Hint | null)[], pacer = new HintPacer(), start = 0): [number, Hint][] {
  const said: [number, Hint][] = [];
  hints.forEach((hint, i) => {
    const now = start + i * FRAME_MS;
    const spoken = pacer.next(hint, now);
    if (spoken) said.push([now, spoken]);
  });
  return said;
}

describe('framing hints', () => {
  it('speaks an advice once it held for two frames, and not again while it holds', () => {
    expect(run(['moveLeft', 'moveLeft', 'moveLeft', 'moveLeft', 'moveLeft'])).toEqual([[400, 'moveLeft']]);
  });

  it('ignores an advice seen on one frame only (a tremor)', () => {
    expect(run(['moveLeft', 'moveRight', 'moveLeft', 'moveUp', 'moveLeft'])).toEqual([]);
  });

  it('waits out the cooldown before the next hint, then says it if it still holds', () => {
    const said = run(['moveLeft', 'moveLeft', 'moveUp', 'moveUp', 'moveUp', 'moveUp', 'moveUp']);
    expect(said).toEqual([
      [400, 'moveLeft'],
      [2000, 'moveUp'],
    ]);
    expect(said[1]![0] - said[0]![0]).toBeGreaterThanOrEqual(COOLDOWN_MS);
  });

  it('drops a hint that stopped holding before its cooldown ended', () => {
    expect(run(['moveLeft', 'moveLeft', 'moveUp', 'moveUp', null, null, null, null])).toEqual([
      [400, 'moveLeft'],
    ]);
  });

  it('says "no document" once, however long nothing is found', () => {
    const said = run(Array<Hint>(40).fill('noDocument'));
    expect(said).toEqual([[400, 'noDocument']]);
  });

  it('says "no document" again only after a page was found and lost', () => {
    const found = run([
      'noDocument',
      'noDocument',
      'noDocument',
      'moveLeft', // seen once: not a page found
      'noDocument',
      'noDocument',
      'noDocument',
      'noDocument',
      'moveLeft',
      'moveLeft',
      'noDocument',
      'noDocument',
      'noDocument',
      'noDocument',
      'noDocument',
    ]);
    expect(found).toEqual([
      [400, 'noDocument'],
      [3600, 'moveLeft'],
      [5200, 'noDocument'],
    ]);
  });

  it('repeats an advice that came back after the page was framed in between', () => {
    expect(run(['moveLeft', 'moveLeft', null, null, null, null, 'moveLeft', 'moveLeft'])).toEqual([
      [400, 'moveLeft'],
      [2800, 'moveLeft'],
    ]);
  });

  it('starts afresh after a capture', () => {
    const pacer = new HintPacer();
    run(['noDocument', 'noDocument'], pacer);
    pacer.reset();
    expect(run(['noDocument', 'noDocument'], pacer, 10_000)).toEqual([[10_400, 'noDocument']]);
  });
});
