/**
 * Puts OCR lines into the order a sighted reader would read them:
 *  - vertical lines (tall, narrow boxes, as on Chinese shop and gate signs) are read as columns,
 *    right to left, the traditional vertical order, each column's pieces top to bottom;
 *  - horizontal lines are ordered by a recursive cut: a clear vertical gutter whose two sides do NOT
 *    share rows splits the page into columns (left column first); sides that do share rows are a
 *    table and are read row by row; otherwise the top band is peeled off and the rest cut again
 *    (so a full-width heading above two columns comes first, then each column);
 *  - within a row, pieces are read left to right.
 */
import { boundsOf, bottom, centreY, right, type Box } from './geometry.ts';

/** A side of the photo as taken (not of the page in it). */
export type Edge = 'left' | 'right' | 'top' | 'bottom';

export interface TextLine {
  text: string;
  /** Recogniser confidence 0..1. */
  score: number;
  /** Corner points [x, y] in image pixels, as the page is held upright (for reading order). */
  points: number[][];
  /** Where the line is in the photo as taken, normalised to 0..1; absent where a test does not care. */
  frame?: Box;
  /** The photo's sides the line runs into: it is probably cut off there. */
  edges?: Edge[];
}

/** A row of text in reading order with its letter height in pixels (bigger = more prominent). */
export interface TextRow {
  text: string;
  height: number;
  score: number;
  /** Where the row is, normalised to the frame (0..1); absent where a test does not care. */
  box?: Box;
  /** The photo's sides the row runs into. */
  edges?: readonly Edge[];
}

interface Placed {
  line: TextLine;
  box: Box;
}

/** A line is vertical when its box is clearly taller than wide and holds more than one character. */
const VERTICAL_ASPECT = 1.5;
/** Two sides of a gutter are independent columns when fewer than this share of rows line up. */
const TABLE_ROW_ALIGNMENT = 0.5;

function isVertical(p: Placed): boolean {
  return p.box.height > p.box.width * VERTICAL_ASPECT && [...p.line.text].length > 1;
}

function sameRow(a: Box, b: Box): boolean {
  return Math.abs(centreY(a) - centreY(b)) < Math.min(a.height, b.height) / 2;
}

/** Groups lines whose midlines are within half a line height, top to bottom, each row left to right. */
function rowsOf(items: Placed[]): Placed[][] {
  const rows: Placed[][] = [];
  for (const item of [...items].sort((a, b) => centreY(a.box) - centreY(b.box))) {
    const row = rows.find((r) => r.some((other) => sameRow(other.box, item.box)));
    if (row) row.push(item);
    else rows.push([item]);
  }
  for (const row of rows) row.sort((a, b) => a.box.x - b.box.x);
  return rows;
}

/** Gaps between the merged extents of the items along one axis, as [start, end] pairs. */
function gaps(items: Placed[], start: (b: Box) => number, end: (b: Box) => number): [number, number][] {
  const spans = items.map((i) => [start(i.box), end(i.box)] as [number, number]).sort((a, b) => a[0] - b[0]);
  const result: [number, number][] = [];
  let reach = spans[0]?.[1] ?? 0;
  for (const [s, e] of spans.slice(1)) {
    if (s > reach) result.push([reach, s]);
    reach = Math.max(reach, e);
  }
  return result;
}

function rowAlignment(a: Placed[], b: Placed[]): number {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const aligned = small.filter((s) => large.some((l) => sameRow(s.box, l.box))).length;
  return aligned / Math.max(1, small.length);
}

function splitColumns(items: Placed[]): [Placed[], Placed[]] | null {
  const widest = gaps(items, (b) => b.x, right).sort((a, b) => b[1] - b[0] - (a[1] - a[0]))[0];
  if (!widest) return null;
  const left = items.filter((i) => right(i.box) <= widest[0]);
  const rest = items.filter((i) => right(i.box) > widest[0]);
  if (left.length < 2 || rest.length < 2) return null;
  return rowAlignment(left, rest) < TABLE_ROW_ALIGNMENT ? [left, rest] : null;
}

function orderHorizontal(items: Placed[]): Placed[][] {
  if (items.length <= 1) return items.length ? [items] : [];
  const columns = splitColumns(items);
  if (columns) return [...orderHorizontal(columns[0]), ...orderHorizontal(columns[1])];
  const firstGap = gaps(items, (b) => b.y, bottom)[0];
  if (!firstGap) return rowsOf(items);
  const top = items.filter((i) => bottom(i.box) <= firstGap[0]);
  const rest = items.filter((i) => bottom(i.box) > firstGap[0]);
  return [...rowsOf(top), ...orderHorizontal(rest)];
}

/**
 * Vertical lines grouped into columns (pieces that overlap across by half the narrower one's
 * width), right to left, each column's pieces top to bottom.
 */
function columnsOf(vertical: Placed[]): Placed[][] {
  const columns: { x: number; right: number; pieces: Placed[] }[] = [];
  for (const piece of [...vertical].sort((a, b) => right(b.box) - right(a.box))) {
    const { x, width } = piece.box;
    const column = columns.find(
      (c) => Math.min(c.right, x + width) - Math.max(c.x, x) >= Math.min(c.right - c.x, width) / 2,
    );
    if (!column) columns.push({ x, right: x + width, pieces: [piece] });
    else column.pieces.push(piece);
  }
  return columns.map((c) => c.pieces.sort((a, b) => a.box.y - b.box.y));
}

/** Lines in reading order, grouped into visual rows (a vertical column is a row of its own). */
export function orderReadingRows(lines: readonly TextLine[]): TextLine[][] {
  const placed = lines.filter((l) => l.text.trim()).map((line) => ({ line, box: boundsOf(line.points) }));
  const vertical = placed.filter(isVertical);
  const rows = orderHorizontal(placed.filter((p) => !isVertical(p)));
  // vertical columns go where their top edge falls among the horizontal rows
  const columnTop = Math.min(...vertical.map((v) => v.box.y));
  const insertAt = rows.findIndex((row) => Math.min(...row.map((p) => p.box.y)) > columnTop);
  rows.splice(insertAt < 0 ? rows.length : insertAt, 0, ...columnsOf(vertical));
  return rows.map((row) => row.map((p) => p.line));
}

/** Joins pieces of a row with a space; rows with line breaks. */
export function joinReadingRows(rows: readonly TextLine[][]): string {
  return rows.map((row) => row.map((l) => l.text.trim()).join(' ')).join('\n');
}
