import { describe, expect, it } from 'vitest';
import { cellsOf, PRINT_SIDE, sameView, sharpnessOf, type ViewPrint } from './view-print.ts';

/** A print of a made-up view: colour(x, y) for each cell, in the view's own coordinates. */
function printFrom(colour: (x: number, y: number) => [number, number, number], sharpness = 10): ViewPrint {
  const rgba = new Uint8ClampedArray(PRINT_SIDE * PRINT_SIDE * 4);
  for (let y = 0; y < PRINT_SIDE; y += 1) {
    for (let x = 0; x < PRINT_SIDE; x += 1) {
      const [r, g, b] = colour(x, y);
      rgba.set([r, g, b, 255], (y * PRINT_SIDE + x) * 4);
    }
  }
  return { cells: cellsOf(rgba), sharpness };
}

/** A street sign-like view: a dark frame, a light panel with stripes of text, a red patch. */
const scene = (x: number, y: number): [number, number, number] => {
  if (x > 14 && x < 18 && y > 3 && y < 7) return [200, 30, 30];
  if (x > 4 && x < 20 && y > 8 && y < 16) return y % 2 ? [240, 240, 230] : [40, 40, 50];
  return [90 + x * 2, 100 + y, 80];
};

/** Deterministic noise, as a sensor gives it. */
function noisy(amount: number, seed = 7) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return ((state / 2147483648) * 2 - 1) * amount;
  };
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

describe('the view print', () => {
  it('keeps the RGB of each cell, leaving out alpha', () => {
    const { cells } = printFrom(() => [1, 2, 3]);
    expect(cells).toHaveLength(PRINT_SIDE * PRINT_SIDE * 3);
    expect([...cells.slice(0, 6)]).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it('measures sharpness as the mean luminance step between neighbours', () => {
    const side = 4;
    const flat = new Uint8ClampedArray(side * side * 4).fill(128);
    expect(sharpnessOf(flat, side)).toBe(0);
    // vertical stripes one pixel wide, black and white: every horizontal step is 255
    const stripes = new Uint8ClampedArray(side * side * 4).map((_, i) => (Math.floor(i / 4) % 2 ? 255 : 0));
    expect(sharpnessOf(stripes, side)).toBeCloseTo(255, 0);
  });

  it('the same view through sensor noise, a steady hand and auto-exposure is the same view', () => {
    const base = printFrom(scene);
    const noise = noisy(6);
    expect(
      sameView(
        base,
        printFrom((x, y) => scene(x, y).map((c) => clamp(c + noise())) as never),
      ),
    ).toBe(true);
    // the hand moved by one cell (about 4 % of the frame)
    expect(
      sameView(
        base,
        printFrom((x, y) => scene(Math.max(0, x - 1), y)),
      ),
    ).toBe(true);
    // the camera brightened everything a little
    expect(
      sameView(
        base,
        printFrom((x, y) => scene(x, y).map((c) => clamp(c + 15)) as never),
      ),
    ).toBe(true);
  });

  it('a new view, a step forward, a small part that changed strongly, the light or the focus is a change', () => {
    const base = printFrom(scene);
    // a lamp switched on: everything much brighter
    expect(
      sameView(
        base,
        printFrom((x, y) => scene(x, y).map((c) => clamp(c + 60)) as never),
      ),
    ).toBe(false);
    // the camera found its focus: the same cells, a much sharper centre
    expect(sameView(base, printFrom(scene, 25))).toBe(false);
    expect(sameView(printFrom(scene, 25), base)).toBe(true);
    expect(
      sameView(
        base,
        printFrom((x, y) => [30 + x * 8, 200 - y * 6, 120]),
      ),
    ).toBe(false);
    // a step forward: everything grows by a fifth around the centre
    const centre = PRINT_SIDE / 2;
    const closer = (x: number, y: number) =>
      scene(Math.round(centre + (x - centre) / 1.2), Math.round(centre + (y - centre) / 1.2));
    expect(sameView(base, printFrom(closer))).toBe(false);
    // the red patch turned green: nine cells, the rest as it was
    const green = (x: number, y: number): [number, number, number] =>
      x > 14 && x < 18 && y > 3 && y < 7 ? [30, 200, 60] : scene(x, y);
    expect(sameView(base, printFrom(green))).toBe(false);
  });

  it('without two prints there is nothing to compare: the view counts as new', () => {
    const base = printFrom(scene);
    expect(sameView(null, base)).toBe(false);
    expect(sameView(base, null)).toBe(false);
    expect(sameView(base, { cells: new Uint8Array(12), sharpness: 10 })).toBe(false);
  });
});
