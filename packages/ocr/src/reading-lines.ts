/**
 * What a live reader answers: the lines read, in reading order (reading-order.ts), each with its
 * row, its place in the photo as taken (0..1) and English words spaced (english-spacing.ts). The
 * device's OCR worker and the server's text-lines endpoint answer the same.
 */
import { restoreEnglishSpacing } from './english-spacing.ts';
import type { Box } from './geometry.ts';
import { orderReadingRows, type TextLine } from './reading-order.ts';

export interface ReadingLine {
  text: string;
  /** Recogniser confidence 0..1. */
  score: number;
  /** Where the line is in the photo as taken, normalised to 0..1. */
  frame: Box;
  /** The reading row it belongs to, from 0 (lines side by side on one row share it). */
  row: number;
}

const NOWHERE: Box = { x: 0, y: 0, width: 0, height: 0 };

export function readingLines(lines: readonly TextLine[]): ReadingLine[] {
  return orderReadingRows(lines).flatMap((row, index) =>
    row.map((line) => ({
      text: restoreEnglishSpacing(line.text.trim()),
      score: line.score,
      frame: line.frame ?? NOWHERE,
      row: index,
    })),
  );
}
