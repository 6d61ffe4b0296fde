/**
 * Rotated rectangles as four corners. Text boxes from the detector are minimum-area rectangles,
 * so an affine map through three corners describes each one exactly.
 */
export type Point = readonly [number, number];
/** Corners clockwise from the top-left: tl, tr, br, bl. */
export type Quad = readonly [Point, Point, Point, Point];

export const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Length of the top/bottom edges (reading direction of a horizontal line). */
export const quadWidth = (q: Quad) => Math.max(distance(q[0], q[1]), distance(q[3], q[2]));
/** Length of the left/right edges. */
export const quadHeight = (q: Quad) => Math.max(distance(q[0], q[3]), distance(q[1], q[2]));

/**
 * Orders four corners as tl, tr, br, bl the way PaddleOCR does: top-left has the smallest x+y,
 * bottom-right the largest; of the other two, top-right has the smaller y−x.
 */
export function orderClockwise(points: readonly Point[]): Quad {
  const sums = points.map((p) => p[0] + p[1]);
  const tl = sums.indexOf(Math.min(...sums));
  const br = sums.indexOf(Math.max(...sums));
  const [a, b] = [0, 1, 2, 3].filter((i) => i !== tl && i !== br);
  const pa = points[a ?? 1] as Point;
  const pb = points[b ?? 2] as Point;
  const [tr, bl] = pa[1] - pa[0] <= pb[1] - pb[0] ? [pa, pb] : [pb, pa];
  return [points[tl] as Point, tr, points[br] as Point, bl];
}
