import { describe, expect, it } from 'vitest';
import { boxesFromProbabilities, type ProbabilityMap } from './db-postprocess.ts';
import { distance, quadHeight, quadWidth } from './quad.ts';
import { centreOf } from './strip.ts';

/** A map with confident text kernels at the given [x, y, width, height] rectangles. */
function mapWith(rects: [number, number, number, number][], width = 200, height = 100): ProbabilityMap {
  const data = new Float32Array(width * height);
  for (const [x0, y0, w, h] of rects)
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * width + x] = 0.9;
  return { data, width, height };
}

describe('DB post-processing', () => {
  it('turns each text kernel into one box, grown by the unclip margin and scaled', () => {
    const boxes = boxesFromProbabilities(
      mapWith([
        [10, 10, 80, 10],
        [10, 50, 40, 10],
      ]),
      2,
      2,
    );
    expect(boxes).toHaveLength(2);
    const [first] = boxes.sort((a, b) => quadWidth(b.quad) - quadWidth(a.quad));
    // kernel 79 × 9 (pixel centres), grown by 79·9·1.6 / (2·88) ≈ 6.5 per side, then doubled
    expect(quadWidth(first!.quad)).toBeCloseTo(2 * (79 + 13), -1);
    expect(quadHeight(first!.quad)).toBeCloseTo(2 * (9 + 13), -1);
    expect(boxes.every((b) => b.strip === undefined)).toBe(true);
  });

  it('keeps a curved line, with a strip along its bend', () => {
    // an arc kernel 10 thick, radius 250 about (200, 300), 60° about the top: its rectangle is
    // mostly background and would score below the threshold
    const map = mapWith([], 400, 120);
    for (let y = 0; y < map.height; y++)
      for (let x = 0; x < map.width; x++) {
        const r = Math.hypot(x - 200, y - 300);
        if (Math.abs(r - 250) <= 5 && Math.abs(Math.atan2(x - 200, 300 - y)) <= Math.PI / 6)
          map.data[y * map.width + x] = 0.9;
      }
    const [box, ...rest] = boxesFromProbabilities(map, 1, 1);
    expect(rest).toEqual([]);
    expect(box?.score).toBeGreaterThan(0.8);
    const centre = centreOf(box!.strip!);
    for (const p of centre.slice(1, -1)) expect(Math.abs(distance(p, [200, 300]) - 250)).toBeLessThan(1);
    // grown past both ends of the arc (x ≈ 75 and 325)
    expect(centre[0]![0]).toBeLessThan(75);
    expect(centre[centre.length - 1]![0]).toBeGreaterThan(325);
  });

  it('drops specks and faint regions', () => {
    const map = mapWith([[10, 10, 2, 2]]);
    for (let x = 100; x < 180; x++) for (let y = 40; y < 50; y++) map.data[y * map.width + x] = 0.4;
    expect(boxesFromProbabilities(map, 1, 1)).toEqual([]);
  });
});
