/**
 * A text line as a run of cuts across it, first to last in reading order: `top[i]`–`bottom[i]` is
 * the i-th cut, `top` on the side the letters' tops face. A straight box is two cuts (its start and
 * end edges); a curved line has one cut every letter or so along its centre line, and reading the
 * stretches between consecutive cuts side by side unbends it (line-crop.ts).
 */
import { distance, quadHeight, quadWidth, type Point, type Quad } from './quad.ts';

export interface Strip {
  top: readonly Point[];
  bottom: readonly Point[];
  /** Length along the text over its thickness: the recogniser's input width over its height. */
  aspect: number;
}

/** PaddleOCR turns a box this much taller than wide a quarter turn before reading it. */
const VERTICAL_ASPECT = 1.5;

/**
 * The box with its corners renamed so its "top edge" runs along the text: vertical boxes are
 * turned a quarter turn counter-clockwise (PaddleOCR's rot90), horizontal ones kept.
 */
export function readingFrame(quad: Quad): Quad {
  return quadHeight(quad) >= quadWidth(quad) * VERTICAL_ASPECT ? [quad[1], quad[2], quad[3], quad[0]] : quad;
}

/**
 * A box as two cuts, in its reading frame. The end cut is the start cut moved along the top edge,
 * so reading between them is the affine frame through three corners (detector boxes are
 * rectangles: the fourth corner differs only by rounding).
 */
export function stripOfQuad(quad: Quad): Strip {
  const frame = readingFrame(quad);
  const [tl, tr, , bl] = frame as [Point, Point, Point, Point];
  return {
    top: [tl, tr],
    bottom: [bl, [bl[0] + tr[0] - tl[0], bl[1] + tr[1] - tl[1]]],
    aspect: quadWidth(frame) / Math.max(1, quadHeight(frame)),
  };
}

/** Midpoints of the cuts: the line's centre line. */
export function centreOf(strip: Pick<Strip, 'top' | 'bottom'>): Point[] {
  return strip.top.map((t, i) => {
    const b = strip.bottom[i] ?? t;
    return [(t[0] + b[0]) / 2, (t[1] + b[1]) / 2];
  });
}

export function polylineLength(points: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) length += distance(points[i - 1] as Point, points[i] as Point);
  return length;
}

/** A strip through the given cuts, its aspect measured along its centre line. */
export function stripThrough(top: readonly Point[], bottom: readonly Point[]): Strip {
  const thickness = top.reduce((sum, t, i) => sum + distance(t, bottom[i] ?? t), 0) / Math.max(1, top.length);
  return { top, bottom, aspect: polylineLength(centreOf({ top, bottom })) / Math.max(1, thickness) };
}

/** The strip's outline as one polygon: along the top, back along the bottom. */
export function outlineOf(strip: Strip): Point[] {
  return [...strip.top, ...[...strip.bottom].reverse()];
}
