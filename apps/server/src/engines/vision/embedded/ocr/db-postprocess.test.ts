import { describe, expect, it } from 'vitest';
import { boxesFromProbabilities, type ProbabilityMap } from './db-postprocess.ts';
import { quadHeight, quadWidth } from './quad.ts';

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
  });

  it('drops specks and faint regions', () => {
    const map = mapWith([[10, 10, 2, 2]]);
    for (let x = 100; x < 180; x++) for (let y = 40; y < 50; y++) map.data[y * map.width + x] = 0.4;
    expect(boxesFromProbabilities(map, 1, 1)).toEqual([]);
  });
});
