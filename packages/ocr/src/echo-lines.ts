/**
 * A line read twice: on a tilted page the detector sometimes boxes a piece of a line again on its
 * own ("和房" inside "香河县住房保障和房产管理局"), and the piece was read out as a line of its own.
 * A line is such an echo when its box lies mostly inside another line's box and its text is part of
 * that line's text; the fuller reading is kept.
 */
import { area, intersectionArea } from './geometry.ts';
import type { TextLine } from './reading-order.ts';

/** Share of the echo's box that lies inside the fuller line's box (their tilted outlines make this well short of all). */
const INSIDE_SHARE = 0.5;

const compact = (text: string) => text.replace(/\s+/g, '');

function echoes(piece: TextLine, whole: TextLine): boolean {
  if (piece === whole || !piece.frame || !whole.frame) return false;
  const part = compact(piece.text);
  const full = compact(whole.text);
  if (!part || part.length >= full.length || !full.includes(part)) return false;
  return intersectionArea(piece.frame, whole.frame) >= INSIDE_SHARE * area(piece.frame);
}

export function withoutEchoes(lines: readonly TextLine[]): TextLine[] {
  return lines.filter((line) => !lines.some((other) => echoes(line, other)));
}
