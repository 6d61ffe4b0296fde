/**
 * Vertical signs whose characters the detector boxed one by one, or in pieces: boxes about one
 * column wide, stacked close together, with nothing beside them as close, are one column. Read as
 * one tall box the recogniser sees the characters together (alone, 口 reads as "D" and 入 as ">"),
 * and the reading order gets a column, not a pile of one-character rows.
 *
 * Horizontal text boxed letter by letter stacks too, but its letters are closer to their
 * neighbours beside them than to the line below, which the side check rules out.
 */
import { boundsOf, bottom, centreY, right, type Box } from './geometry.ts';
import { expandRect, minAreaRect } from './min-area-rect.ts';
import { orderClockwise, type Point, type Quad } from './quad.ts';

export interface Column {
  /** Indices of the stacked boxes, top to bottom. */
  members: number[];
  /** The column as one box. */
  quad: Quad;
}

/** A piece of a column is about square (one character) or taller (several). */
const MIN_PIECE_HEIGHT = 0.75;
/** Pieces of one column overlap across by this share of the narrower... */
const MIN_OVERLAP = 0.6;
/** ...are at most this much wider than each other... */
const MAX_WIDTH_RATIO = 1.5;
/**
 * ...and the gap between them is at most this many column widths (negative: they overlap): shop
 * signs space their characters up to about a character apart.
 */
const MAX_GAP = 1.2;
const MIN_GAP = -0.3;
/** Anything beside a piece must be this many column widths further off than the pieces' gaps. */
const SIDE_MARGIN = 0.25;
/** What comes of it must read as a column: this much taller than wide. */
const MIN_COLUMN_ASPECT = 1.5;
/**
 * The column is read with this share of its width as margin on every side: boxes round single
 * characters can be tighter than the glyphs (yellow on red: 46 px boxes round 56 px characters),
 * and the recogniser reads nothing from a crop without air round the text.
 */
const COLUMN_MARGIN = 0.15;

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0);

/** The gap from `a` down to `b` when `b` could continue `a`'s column, else null. */
function stackGap(a: Box, b: Box): number | null {
  const narrow = Math.min(a.width, b.width);
  if (centreY(b) <= centreY(a)) return null;
  if (overlap(a.x, right(a), b.x, right(b)) < MIN_OVERLAP * narrow) return null;
  if (Math.max(a.width, b.width) > MAX_WIDTH_RATIO * narrow) return null;
  const gap = b.y - bottom(a);
  return gap >= MIN_GAP * narrow && gap <= MAX_GAP * narrow ? gap : null;
}

/** The nearest box (by `gapOf`) among `candidates`, or -1. */
function nearest(candidates: readonly number[], gapOf: (j: number) => number | null): number {
  let best = -1;
  let bestGap = Infinity;
  for (const j of candidates) {
    const gap = gapOf(j);
    if (gap !== null && gap < bestGap) {
      best = j;
      bestGap = gap;
    }
  }
  return best;
}

/** Horizontal gap from box `i` to the nearest box beside it (sharing half its height) outside `chain`. */
function sideGap(boxes: readonly Box[], i: number, chain: ReadonlySet<number>): number {
  const a = boxes[i] as Box;
  let gap = Infinity;
  boxes.forEach((b, j) => {
    if (chain.has(j) || overlap(a.y, bottom(a), b.y, bottom(b)) < 0.5 * Math.min(a.height, b.height)) return;
    gap = Math.min(gap, Math.max(b.x - right(a), a.x - right(b)));
  });
  return gap;
}

export function stackedColumns(quads: readonly Quad[]): Column[] {
  const boxes = quads.map((q) => boundsOf(q));
  const pieces = boxes.flatMap((b, i) => (b.height >= MIN_PIECE_HEIGHT * b.width ? [i] : []));
  const below = new Map<number, number>();
  for (const i of pieces) {
    const down = nearest(pieces, (j) => (j === i ? null : stackGap(boxes[i] as Box, boxes[j] as Box)));
    const up =
      down < 0
        ? -1
        : nearest(pieces, (j) => (j === down ? null : stackGap(boxes[j] as Box, boxes[down] as Box)));
    if (up === i) below.set(i, down);
  }
  const continued = new Set(below.values());
  const columns: Column[] = [];
  for (const top of pieces.filter((i) => below.has(i) && !continued.has(i))) {
    const members = [top];
    for (let next = below.get(top); next !== undefined; next = below.get(next)) members.push(next);
    const chain = new Set(members);
    const gaps = members
      .slice(1)
      .map((j, k) => stackGap(boxes[members[k] as number] as Box, boxes[j] as Box) ?? 0);
    const width = Math.min(...members.map((j) => (boxes[j] as Box).width));
    const widest = Math.max(0, ...gaps) + SIDE_MARGIN * width;
    if (members.some((j) => sideGap(boxes, j, chain) <= widest)) continue;
    const rect = minAreaRect(members.flatMap((j) => [...(quads[j] as Quad)]));
    const grown = expandRect(rect, COLUMN_MARGIN * rect.short);
    const quad = orderClockwise(grown.corners.map(([x, y]): Point => [Math.round(x), Math.round(y)]));
    const bounds = boundsOf(quad);
    if (bounds.height >= MIN_COLUMN_ASPECT * bounds.width) columns.push({ members, quad });
  }
  return columns;
}
