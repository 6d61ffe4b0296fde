/**
 * A page's lines as a reader takes them in: in order, as headings and paragraphs.
 *
 * Order: a recursive XY cut. At each step the widest clear gap across all the lines splits them:
 * a gutter between two columns (left one first), or a band across the page (upper one first). A
 * gutter whose two sides share their rows and hold short pieces is a table (a bill, a menu), read
 * row by row instead. Lines that no gap separates are rows, read left to right.
 *
 * Blocks: a row clearly taller than the body text is a heading (rows of a title run together); a
 * gap between rows larger than the page's line spacing, or a move back up (the next column),
 * starts a new paragraph; a table row is a paragraph of its own.
 */
import type { ReadLine } from './ocr-ports.ts';

export interface Block {
  kind: 'heading' | 'paragraph';
  text: string;
}

interface Piece {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

type Row = Piece[];

/** A row this many times taller than the body text is a heading. */
const HEADING_RATIO = 1.35;
/** A gutter narrower than this many body heights is a space between words, not between columns. */
const MIN_GUTTER = 0.8;
/** Columns of text hold lines at least this many body heights wide; a table's cells are shorter. */
const COLUMN_LINE_WIDTH = 6;
/** Two sides whose rows line up at least this much are a table's columns. */
const TABLE_ALIGNMENT = 0.5;
/** A gap above a row larger than the line spacing times this (and … ) starts a paragraph … */
const PARAGRAPH_GAP_RATIO = 1.5;
/** … and larger than the line spacing by this many body heights (tight spacing has noise). */
const PARAGRAPH_GAP_EXTRA = 0.4;

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)]!;
};
const height = (p: { top: number; bottom: number }) => p.bottom - p.top;
const centre = (p: Piece) => (p.top + p.bottom) / 2;
const sameRow = (a: Piece, b: Piece) => Math.abs(centre(a) - centre(b)) < Math.min(height(a), height(b)) / 2;

/** The widest gap along one axis that no piece spans, as [start, end], or null. */
function widestGap(pieces: readonly Piece[], axis: 'x' | 'y'): [number, number] | null {
  const spans = pieces
    .map((p) => (axis === 'x' ? [p.left, p.right] : [p.top, p.bottom]) as [number, number])
    .sort((a, b) => a[0] - b[0]);
  let best: [number, number] | null = null;
  let reach = spans[0]![1];
  for (const [start, end] of spans.slice(1)) {
    if (start > reach && (!best || start - reach > best[1] - best[0])) best = [reach, start];
    reach = Math.max(reach, end);
  }
  return best;
}

function rowsOf(pieces: readonly Piece[]): Row[] {
  const rows: Row[] = [];
  for (const piece of [...pieces].sort((a, b) => centre(a) - centre(b))) {
    const row = rows.find((r) => r.some((other) => sameRow(other, piece)));
    if (row) row.push(piece);
    else rows.push([piece]);
  }
  for (const row of rows) row.sort((a, b) => a.left - b.left);
  return rows;
}

function isTable(left: readonly Piece[], right: readonly Piece[], body: number): boolean {
  const [few, many] = left.length <= right.length ? [left, right] : [right, left];
  const aligned = few.filter((p) => many.some((q) => sameRow(p, q))).length / few.length;
  const short = (side: readonly Piece[]) =>
    median(side.map((p) => p.right - p.left)) < COLUMN_LINE_WIDTH * body;
  return aligned >= TABLE_ALIGNMENT && (short(left) || short(right));
}

/** The pieces in reading order, as rows; `table` marks the rows a table's cut made. */
function order(pieces: readonly Piece[], body: number): { row: Row; table: boolean }[] {
  if (pieces.length <= 1) return pieces.length ? [{ row: [...pieces], table: false }] : [];
  const across = widestGap(pieces, 'x');
  const down = widestGap(pieces, 'y');
  const acrossWidth = across ? across[1] - across[0] : 0;
  if (across && acrossWidth >= MIN_GUTTER * body && acrossWidth >= (down ? down[1] - down[0] : 0)) {
    const left = pieces.filter((p) => p.right <= across[0]);
    const right = pieces.filter((p) => p.left >= across[1]);
    if (!isTable(left, right, body)) return [...order(left, body), ...order(right, body)];
  }
  if (down) {
    const upper = pieces.filter((p) => p.bottom <= down[0]);
    const lower = pieces.filter((p) => p.top >= down[1]);
    return [...order(upper, body), ...order(lower, body)];
  }
  return rowsOf(pieces).map((row) => ({ row, table: row.length > 1 }));
}

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/** Joins pieces of text: Chinese and Japanese run on, other scripts are spaced. */
function join(parts: readonly string[]): string {
  return parts.reduce((text, part) => {
    if (!text) return part;
    return CJK.test(text.at(-1)!) && CJK.test(part[0]!) ? text + part : `${text} ${part}`;
  }, '');
}

function bounds(row: Row) {
  return { top: Math.min(...row.map((p) => p.top)), bottom: Math.max(...row.map((p) => p.bottom)) };
}

export function layoutPage(lines: readonly ReadLine[]): Block[] {
  const pieces: Piece[] = lines
    .map((l) => ({ ...l, text: l.text.trim() }))
    .filter((l) => l.text)
    .map(({ text, box }) => ({
      text,
      left: box.x,
      top: box.y,
      right: box.x + box.width,
      bottom: box.y + box.height,
    }));
  if (pieces.length === 0) return [];
  const body = median(pieces.map(height));
  const rows = order(pieces, body).map(({ row, table }) => {
    const b = bounds(row);
    return { ...b, text: join(row.map((p) => p.text)), table, heading: height(b) >= HEADING_RATIO * body };
  });
  // the line spacing: the usual gap between a row and the next one below it
  const gaps = rows
    .slice(1)
    .map((r, i) => r.top - rows[i]!.bottom)
    .filter((g) => g >= 0);
  const spacing = median(gaps);
  const paragraphGap = Math.max(spacing * PARAGRAPH_GAP_RATIO, spacing + PARAGRAPH_GAP_EXTRA * body);

  const blocks: (Block & { parts: string[] })[] = [];
  rows.forEach((row, i) => {
    const before = rows[i - 1];
    const last = blocks.at(-1);
    const kind = row.heading ? 'heading' : 'paragraph';
    const continues =
      before &&
      last?.kind === kind &&
      !row.table &&
      !before.table &&
      row.top >= before.bottom - body / 2 &&
      row.top - before.bottom <= paragraphGap;
    if (continues) last.parts.push(row.text);
    else blocks.push({ kind, text: '', parts: [row.text] });
  });
  return blocks.map(({ kind, parts }) => ({ kind, text: join(parts) }));
}
