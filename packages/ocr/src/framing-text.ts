/**
 * Small text at the very border of the frame is rarely what the user aimed at: camera stamps
 * (model, exposure, date) that some cameras burn into a corner, and the cut-off edge of a
 * neighbouring label. Reading it out first or last just buries the subject's text. A box is left
 * out only when both hold — it touches the frame border AND its letters are much smaller than the
 * typical letters in view — so a sign or page that fills the frame keeps all its lines. With only
 * a few lines in view there is no "typical" size (a shop sign's phone number, cut by the frame, is
 * smaller than its name but is the point), so then nothing is left out.
 */
import { quadHeight, quadWidth, type Quad } from './quad.ts';

/** Touching means within this share of the shorter image side of an edge. */
const BORDER_SHARE = 0.015;
/** Much smaller means letters at most this share of the median letter size. */
const SMALL_LETTER_RATIO = 2 / 3;
/** Fewer boxes than this give no typical letter size. */
const MIN_BOXES = 5;

/** Letter size of a box: its shorter side (a vertical column is as wide as its letters). */
export const letterSize = (q: Quad) => Math.min(quadWidth(q), quadHeight(q));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function withoutFramingText(quads: readonly Quad[], width: number, height: number): Quad[] {
  if (quads.length < MIN_BOXES) return [...quads];
  const typical = median(quads.map(letterSize));
  const margin = BORDER_SHARE * Math.min(width, height);
  const touchesBorder = (q: Quad) =>
    q.some(([x, y]) => x <= margin || y <= margin || x >= width - margin || y >= height - margin);
  return quads.filter((q) => !(touchesBorder(q) && letterSize(q) <= SMALL_LETTER_RATIO * typical));
}
