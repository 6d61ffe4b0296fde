/**
 * The yuan notes the channel knows (the 2015 100, the 2019 50, 20, 10 and 1, the 2020 5; the 2005
 * notes still in use share their values, colours and numerals) and what each is recognised by:
 * its numerals, and its colour as supporting evidence only.
 */

export const NOTE_VALUES = [1, 5, 10, 20, 50, 100] as const;
export type NoteValue = (typeof NOTE_VALUES)[number];

/**
 * Each note's main colour as a CIELAB hue band (degrees) that the printed ink and the tinted paper
 * fall in under daylight-balanced camera pictures: 100 red (≈ 15–22°), 20 brown/tan (≈ 57–78°),
 * 1 olive (≈ 110°), 50 green (≈ 160°), 10 blue (≈ 270–285°), 5 purple (≈ 318°). The gaps between
 * the bands are left to no note on purpose: a hue there (the gold of the colour-shifting numerals
 * at ≈ 88°, an orange, a teal) supports and contradicts nothing.
 */
export const NOTE_HUES: Readonly<Record<NoteValue, readonly [from: number, to: number]>> = {
  100: [352, 38],
  20: [50, 82],
  1: [98, 130],
  50: [145, 190],
  10: [252, 298],
  5: [305, 338],
};

/** Whether `hue` (0..360) lies in the band, which may wrap through 0°. */
export function inHueBand(hue: number, [from, to]: readonly [number, number]): boolean {
  return from <= to ? hue >= from && hue < to : hue >= from || hue < to;
}

/**
 * A value read alone that may be part of a larger one hidden by a fold or a finger ("10" of "100",
 * "5" of "50", 拾 of 伍拾): such a reading proves nothing unless the colour agrees, and beside a
 * surely read larger value it is that value's piece, not a second note.
 */
export const PIECE_OF: Readonly<Partial<Record<NoteValue, readonly NoteValue[]>>> = {
  1: [10, 100],
  5: [50],
  10: [20, 50, 100],
};
