import { describe, expect, it } from 'vitest';
import { convexHull, expandRect, minAreaRect } from './min-area-rect.ts';
import type { Point } from './quad.ts';

describe('minAreaRect', () => {
  it('finds an axis-aligned rectangle around a filled block', () => {
    const points: Point[] = [];
    for (let y = 10; y <= 20; y++) for (let x = 5; x <= 45; x++) points.push([x, y]);
    const rect = minAreaRect(points);
    expect(rect.long).toBeCloseTo(40);
    expect(rect.short).toBeCloseTo(10);
  });

  it('follows a tilted line instead of boxing it upright', () => {
    // a 100 × 4 strip at 30°: its upright bounding box would be ~88 × 54
    const points: Point[] = [];
    const [c, s] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    for (let u = 0; u <= 100; u++) for (let v = 0; v <= 4; v++) points.push([u * c - v * s, u * s + v * c]);
    const rect = minAreaRect(points);
    expect(rect.long).toBeCloseTo(100, 0);
    expect(rect.short).toBeCloseTo(4, 0);
  });

  it('keeps only hull corners', () => {
    const hull = convexHull([
      [0, 0],
      [10, 0],
      [5, 5],
      [10, 10],
      [0, 10],
    ]);
    expect(hull).toHaveLength(4);
  });

  it('grows a rectangle evenly on every side', () => {
    const grown = expandRect(
      minAreaRect([
        [0, 0],
        [20, 0],
        [20, 10],
        [0, 10],
      ]),
      2,
    );
    expect(grown.long).toBeCloseTo(24);
    expect(grown.short).toBeCloseTo(14);
    const xs = grown.corners.map((p) => p[0]);
    expect(Math.min(...xs)).toBeCloseTo(-2);
  });
});
