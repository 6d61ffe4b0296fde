import { describe, expect, it } from 'vitest';
import type { Quad } from './quad.ts';
import { centreOf, outlineOf, readingFrame, stripOfQuad, stripThrough } from './strip.ts';

const box = (w: number, h: number): Quad => [
  [0, 0],
  [w, 0],
  [w, h],
  [0, h],
];

describe('strips', () => {
  it('turns tall boxes a quarter turn so the text runs along the line', () => {
    expect(readingFrame(box(100, 20))).toEqual(box(100, 20));
    expect(readingFrame(box(20, 100))[0]).toEqual([20, 0]);
    expect(stripOfQuad(box(20, 100)).aspect).toBeCloseTo(5);
  });

  it('reads a box between its start and end edges', () => {
    const strip = stripOfQuad(box(100, 20));
    expect(strip.top).toEqual([
      [0, 0],
      [100, 0],
    ]);
    expect(strip.bottom).toEqual([
      [0, 20],
      [100, 20],
    ]);
    expect(strip.aspect).toBeCloseTo(5);
  });

  it('measures a bent strip along its centre line', () => {
    // 30 along level, then 30 along while dropping 10; 10 thick throughout
    const strip = stripThrough(
      [
        [0, 0],
        [30, 0],
        [60, 10],
      ],
      [
        [0, 10],
        [30, 10],
        [60, 20],
      ],
    );
    expect(centreOf(strip)).toEqual([
      [0, 5],
      [30, 5],
      [60, 15],
    ]);
    expect(strip.aspect).toBeCloseTo((30 + Math.hypot(30, 10)) / 10);
    expect(outlineOf(strip)).toEqual([
      [0, 0],
      [30, 0],
      [60, 10],
      [60, 20],
      [30, 10],
      [0, 10],
    ]);
  });
});
