/**
 * Which lines are worth saying. The recogniser reads something in most boxes, and a live channel
 * sees many frames: a line read doubtfully, or read as mostly symbols, is left unsaid rather than
 * spoken as noise (the next frame usually reads it well).
 */
import type { OcrLine } from '../ocr/ocr-client.ts';

/** Below this confidence a line is not said (PaddleOCR reads clean print at 0.9 and above). */
export const MIN_LIVE_SCORE = 0.8;
/** A line of one character is said only when read this surely (a sign's 男, a lift's 3). */
const MIN_SINGLE_CHARACTER_SCORE = 0.92;
/** At least this share of a line's characters are letters, digits or Chinese characters. */
const MIN_WORD_SHARE = 0.6;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

export function isReadable(line: Pick<OcrLine, 'text' | 'score'>): boolean {
  const characters = [...line.text.replace(/\s+/g, '')];
  const words = characters.filter((c) => WORD_CHARACTER.test(c)).length;
  if (words === 0 || words / characters.length < MIN_WORD_SHARE) return false;
  return line.score >= (words === 1 ? MIN_SINGLE_CHARACTER_SCORE : MIN_LIVE_SCORE);
}
