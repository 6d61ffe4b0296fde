import { describe, expect, it } from 'vitest';
import { bandStrip } from './bent-line.ts';
import { LINE_HEIGHT, sampleLine } from './line-crop.ts';
import type { Point } from './quad.ts';
import { stripOfQuad } from './strip.ts';

describe('line crop', () => {
  it('samples planar BGR scaled to −1..1', () => {
    // left half red, right half blue
    const width = 8;
    const data = new Uint8Array(width * 4 * 3);
    for (let p = 0; p < width * 4; p++) data.set(p % width < 4 ? [255, 0, 0] : [0, 0, 255], p * 3);
    const strip = stripOfQuad([
      [0, 0],
      [8, 0],
      [8, 4],
      [0, 4],
    ]);
    const out = sampleLine({ data, width, height: 4 }, strip, 16);
    const plane = LINE_HEIGHT * 16;
    const at = (channel: number, x: number) => out[channel * plane + 10 * 16 + x];
    expect([at(0, 1), at(2, 1)]).toEqual([-1, 1]); // red: B −1, R 1
    expect([at(0, 14), at(2, 14)]).toEqual([1, -1]); // blue
  });

  it('unbends an arc: a dark ring segment comes out as a straight band across the middle', () => {
    // white image with a black ring of radius 150 ± 6 around (200, 200): an arc like text on a seal
    const size = 400;
    const data = new Uint8Array(size * size * 3).fill(255);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (Math.abs(Math.hypot(x - 200, y - 200) - 150) <= 6)
          data.fill(0, (y * size + x) * 3, (y * size + x) * 3 + 3);
    const centre = Array.from({ length: 9 }, (_, i): Point => {
      const a = ((-30 + i * 7.5) * Math.PI) / 180;
      return [200 + 150 * Math.sin(a), 200 - 150 * Math.cos(a)];
    });
    const strip = bandStrip({ centre, thickness: 12 }, 18, 0);
    const width = 192;
    const out = sampleLine({ data, width: size, height: size }, strip, width);
    const row = (v: number) => Array.from({ length: width }, (_, u) => out[v * width + u] as number);
    // the ring is 12 of the strip's 36 px: the middle third is black everywhere along it, the
    // edges white everywhere — a straight crop of the same arc would cut through the ring
    expect(Math.max(...row(LINE_HEIGHT / 2))).toBeLessThan(-0.9);
    expect(Math.min(...row(2))).toBeGreaterThan(0.9);
    expect(Math.min(...row(LINE_HEIGHT - 3))).toBeGreaterThan(0.9);
  });
});
