/**
 * Minimum-area enclosing rectangle of a point set (OpenCV's minAreaRect): convex hull by monotone
 * chain, then the rectangle flush with each hull edge in turn (rotating calipers) — the optimum
 * always shares a side with the hull.
 */
import type { Point } from './quad.ts';

export interface RotatedRect {
  /** Four corners, in hull order (not yet tl/tr/br/bl). */
  corners: Point[];
  /** Side lengths along the chosen edge and across it. */
  long: number;
  short: number;
}

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length <= 2) return sorted;
  const half = (list: Point[]) => {
    const chain: Point[] = [];
    for (const p of list) {
      while (
        chain.length >= 2 &&
        cross(chain[chain.length - 2] as Point, chain[chain.length - 1] as Point, p) <= 0
      )
        chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

export function minAreaRect(points: readonly Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 1) hull.push(hull[0] as Point);
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i] as Point;
    const b = hull[(i + 1) % hull.length] as Point;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    // a degenerate edge (single point / repeated points): any axis-aligned frame will do
    const [ux, uy] = len > 0 ? [(b[0] - a[0]) / len, (b[1] - a[1]) / len] : [1, 0];
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy;
      const v = -p[0] * uy + p[1] * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const at = (u: number, v: number): Point => [u * ux - v * uy, u * uy + v * ux];
      const w = maxU - minU;
      const h = maxV - minV;
      best = {
        corners: [at(minU, minV), at(maxU, minV), at(maxU, maxV), at(minU, maxV)],
        long: Math.max(w, h),
        short: Math.min(w, h),
      };
    }
  }
  return best as RotatedRect;
}

/** The same rectangle grown by `by` on every side (centre and angle kept). */
export function expandRect(rect: RotatedRect, by: number): RotatedRect {
  const cx = rect.corners.reduce((s, p) => s + p[0], 0) / 4;
  const cy = rect.corners.reduce((s, p) => s + p[1], 0) / 4;
  const [c0, c1, , c3] = rect.corners as [Point, Point, Point, Point];
  const unit = (from: Point, to: Point): Point => {
    const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
    return [(to[0] - from[0]) / len, (to[1] - from[1]) / len];
  };
  const u = unit(c0, c1);
  const v = unit(c0, c3);
  const hw = Math.hypot(c1[0] - c0[0], c1[1] - c0[1]) / 2 + by;
  const hh = Math.hypot(c3[0] - c0[0], c3[1] - c0[1]) / 2 + by;
  const at = (su: number, sv: number): Point => [
    cx + su * hw * u[0] + sv * hh * v[0],
    cy + su * hw * u[1] + sv * hh * v[1],
  ];
  return {
    corners: [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)],
    long: rect.long + 2 * by,
    short: rect.short + 2 * by,
  };
}
