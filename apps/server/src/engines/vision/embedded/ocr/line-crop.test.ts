import { describe, expect, it } from 'vitest';
import { LINE_HEIGHT, readingAspect, readingFrame, sampleLine } from './line-crop.ts';
import type { Quad } from './quad.ts';

const box = (w: number, h: number): Quad => [
  [0, 0],
  [w, 0],
  [w, h],
  [0, h],
];

describe('line crop', () => {
  it('turns tall boxes a quarter turn so the text runs along the line', () => {
    expect(readingFrame(box(100, 20))).toEqual(box(100, 20));
    expect(readingFrame(box(20, 100))[0]).toEqual([20, 0]);
    expect(readingAspect(box(20, 100))).toBeCloseTo(5);
  });

  it('samples planar BGR scaled to −1..1', () => {
    // left half red, right half blue
    const width = 8;
    const data = new Uint8Array(width * 4 * 3);
    for (let p = 0; p < width * 4; p++) data.set(p % width < 4 ? [255, 0, 0] : [0, 0, 255], p * 3);
    const out = sampleLine({ data, width, height: 4 }, box(8, 4), 16);
    const plane = LINE_HEIGHT * 16;
    const at = (channel: number, x: number) => out[channel * plane + 10 * 16 + x];
    expect([at(0, 1), at(2, 1)]).toEqual([-1, 1]); // red: B −1, R 1
    expect([at(0, 14), at(2, 14)]).toEqual([1, -1]); // blue
  });
});
