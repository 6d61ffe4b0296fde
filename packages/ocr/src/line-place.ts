import { boundsOf, type Box } from './geometry.ts';
import type { RgbImage } from './image.ts';
import type { Edge } from './reading-order.ts';
import type { Strip } from './strip.ts';

/** Where a read line sits in the photo: its letter size, its normalised frame, the sides it runs into. */

/** Letter height of a strip: the mean length of its cuts. */
export function letterSizeOfStrip(strip: Strip): number {
  let sum = 0;
  strip.top.forEach((t, i) => {
    const b = strip.bottom[i] ?? t;
    sum += Math.hypot(t[0] - b[0], t[1] - b[1]);
  });
  return sum / Math.max(1, strip.top.length);
}

/**
 * A line this close to a side of the photo (a share of its shorter side, at least EDGE_MIN_PX: the
 * detector's box stops a few pixels short of a letter cut in half) runs into it.
 */
const EDGE_MARGIN = 0.015;
const EDGE_MIN_PX = 10;

/** A line's bounds normalised to the photo (before any straightening for reading order). */
export function frameOf(points: readonly number[][], image: RgbImage): Box {
  const b = boundsOf(points);
  return {
    x: b.x / image.width,
    y: b.y / image.height,
    width: b.width / image.width,
    height: b.height / image.height,
  };
}

export function edgesTouched(points: readonly number[][], width: number, height: number): Edge[] {
  const margin = Math.max(EDGE_MIN_PX, EDGE_MARGIN * Math.min(width, height));
  const xs = points.map(([x = 0]) => x);
  const ys = points.map(([, y = 0]) => y);
  const edges: Edge[] = [];
  if (Math.min(...xs) <= margin) edges.push('left');
  if (Math.max(...xs) >= width - margin) edges.push('right');
  if (Math.min(...ys) <= margin) edges.push('top');
  if (Math.max(...ys) >= height - margin) edges.push('bottom');
  return edges;
}
