import { describe, expect, it } from 'vitest';
import { sameView } from '../view-print.ts';
import { printOfPixels, type Pixels } from './frame-print.ts';

/** A frame the test paints: `paint(x, y)` gives each pixel's grey level. */
function frame(width: number, height: number, paint: (x: number, y: number) => number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = paint(x, y);
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

const stripes = (period: number) => (x: number) => (Math.floor(x / period) % 2 ? 230 : 20);

describe('printOfPixels', () => {
  it('averages each cell of the frame', () => {
    const print = printOfPixels(frame(48, 48, (x) => (x < 24 ? 0 : 200)));
    expect(print.cells[0]).toBe(0);
    expect(print.cells[(24 - 1) * 3]).toBe(200);
  });

  it('finds the same view in two identical frames, and a new one when the content changes', () => {
    const a = printOfPixels(frame(320, 240, stripes(40)));
    expect(sameView(a, printOfPixels(frame(320, 240, stripes(40))))).toBe(true);
    expect(sameView(a, printOfPixels(frame(320, 240, (x, y) => (y < 120 ? 240 : 10))))).toBe(false);
  });

  it('measures sharpness on the centre: a flat frame is not sharp, fine stripes are', () => {
    expect(printOfPixels(frame(200, 200, () => 128)).sharpness).toBe(0);
    expect(printOfPixels(frame(200, 200, stripes(2))).sharpness).toBeGreaterThan(50);
  });
});
