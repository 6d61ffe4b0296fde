import type { Pixels } from '../frame-print.ts';
import { PIECE_OF, type NoteValue } from './denominations.ts';
import {
  aroundNumeral,
  centreOf,
  colourSupport,
  looksLikeANote,
  noteColours,
  type Box,
} from './note-colour.ts';
import { foreignCurrencyIn, numeralsIn, yuanWordsIn, type NumeralReading } from './numeral-reading.ts';

/** One line of text the OCR read off the frame, where it stands (frame pixels) and how sure it is. */
export interface ReadLine {
  text: string;
  box: Box;
  score: number;
}

/** Why a frame gave no value although something like a note was in view. */
export type DoubtReason =
  /**
   * A note is in view (its colour fills it, or its bank's words were read) but no numeral was
   * read: colour alone never names a value.
   */
  | 'noNumeral'
  /** Numerals of two different values (two notes, or a misreading). */
  | 'conflict'
  /** One numeral that might be a piece of a larger one, or read once with no colour to back it. */
  | 'weak'
  /** The numeral's surroundings have another note's colour. */
  | 'colourContradicts'
  /** Words of another currency were read. */
  | 'foreign';

export type FrameVerdict =
  { kind: 'value'; value: NoteValue } | { kind: 'uncertain'; why: DoubtReason } | { kind: 'nothing' };

interface Found extends NumeralReading {
  /** The line it was read on: two findings of one line are one place. */
  line: number;
  box: Box;
}

/**
 * A value read only as a possible piece of another value that was read too ("1" beside "10", "10"
 * beside "100", 拾圆 beside "50") is that value's piece, not a second note.
 */
function withoutPieces(found: readonly Found[]): Found[] {
  const read = new Set(found.map((f) => f.value));
  const onlyWeak = (value: NoteValue) => found.every((f) => f.value !== value || f.weak);
  return found.filter(
    (f) => !(onlyWeak(f.value) && (PIECE_OF[f.value] ?? []).some((whole) => read.has(whole))),
  );
}

/**
 * What one frame shows, from the lines the OCR read on it and the frame's colours. A value needs
 * its numeral, read surely in two places or once with the note's colour agreeing around it (a
 * possible piece of a larger numeral needs the colour in any case); the colour alone never names
 * one, and another note's colour around the numeral, a second value or a foreign currency's words
 * make the frame uncertain.
 */
export function judgeFrame(lines: readonly ReadLine[], frame: Pixels): FrameVerdict {
  if (lines.some((l) => foreignCurrencyIn(l.text))) return { kind: 'uncertain', why: 'foreign' };
  const found = withoutPieces(
    lines.flatMap((l, line) => numeralsIn(l.text).map((reading) => ({ ...reading, line, box: l.box }))),
  );
  const values = new Set(found.map((f) => f.value));
  if (values.size > 1) return { kind: 'uncertain', why: 'conflict' };
  const [value] = values;
  if (value === undefined) {
    const aNote =
      lines.some((l) => yuanWordsIn(l.text)) || looksLikeANote(noteColours(frame, [centreOf(frame)]));
    return aNote ? { kind: 'uncertain', why: 'noNumeral' } : { kind: 'nothing' };
  }
  const colour = colourSupport(
    noteColours(
      frame,
      found.map((f) => aroundNumeral(f.box, frame)),
    ),
    value,
  );
  if (colour === 'contradicts') return { kind: 'uncertain', why: 'colourContradicts' };
  const places = new Set(found.map((f) => f.line)).size;
  const sure = found.some((f) => !f.weak);
  const proven = colour === 'agrees' || (sure && places >= 2);
  return proven ? { kind: 'value', value } : { kind: 'uncertain', why: 'weak' };
}
