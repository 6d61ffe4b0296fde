import { chromaOf, hueOf, labOfLinear, LINEAR } from '../colour/colour-space.ts';
import type { Pixels } from '../frame-print.ts';
import { inHueBand, NOTE_HUES, NOTE_VALUES, type NoteValue } from './denominations.ts';

/** A rectangle of the frame, in its pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The colours of a part of the frame, as the note colours they fall in (NOTE_HUES). */
export interface NoteColours {
  /** Share of the sampled pixels that are coloured at all (not paper white, grey, black). */
  chromatic: number;
  /** Of the coloured pixels (weighted by how colourful), the share in each note's hue band. */
  shares: ReadonlyMap<NoteValue, number>;
}

/** What the colour says of a value read off the note. */
export type ColourSupport = 'agrees' | 'contradicts' | 'unknown';

/** A pixel is coloured from this CIELAB chroma on (the pale tinted paper of a 10 is ≈ 19) … */
const LEAST_CHROMA = 12;
/** … and measured between these lightnesses (darker is shadow and ink noise, lighter is glare). */
const DARKEST_L = 18;
const LIGHTEST_L = 96;
/** A very saturated pixel counts no more than this: one glossy spot does not outvote the note. */
const MOST_CHROMA_WEIGHT = 60;
/** About this many pixels are sampled, spread evenly over the regions. */
const SAMPLES = 6000;

/** Below this share of coloured pixels the colour says nothing (a grey picture, dim light). */
const LEAST_CHROMATIC = 0.15;
/** A value's colour agrees when its band holds at least this share and twice any other's. */
const AGREES_SHARE = 0.5;
/** It is contradicted when another note's band holds this share and its own almost nothing. */
const OTHER_SHARE = 0.4;
const OWN_SHARE_WHEN_CONTRADICTED = 0.15;
/** A note's colour fills the view (no numeral read): coloured pixels and their one band's share. */
const NOTE_LIKE_CHROMATIC = 0.4;
const NOTE_LIKE_SHARE = 0.6;

/** A numeral's surroundings: the box grown by this many of its own heights on every side. */
const AROUND_NUMERAL = 1.2;
/** The centre of the view a note held up fills: this share of each side. */
const CENTRE_SHARE = 0.6;

export function aroundNumeral(box: Box, frame: Pixels): Box {
  const margin = Math.min(box.width, box.height) * AROUND_NUMERAL;
  const x = Math.max(0, Math.floor(box.x - margin));
  const y = Math.max(0, Math.floor(box.y - margin));
  return {
    x,
    y,
    width: Math.min(frame.width, Math.ceil(box.x + box.width + margin)) - x,
    height: Math.min(frame.height, Math.ceil(box.y + box.height + margin)) - y,
  };
}

export function centreOf(frame: Pixels): Box {
  const width = Math.round(frame.width * CENTRE_SHARE);
  const height = Math.round(frame.height * CENTRE_SHARE);
  return {
    x: Math.floor((frame.width - width) / 2),
    y: Math.floor((frame.height - height) / 2),
    width,
    height,
  };
}

const inside = (x: number, y: number, box: Box) =>
  x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

/** The note colours of the pixels in the union of `regions` (each pixel counted once). */
export function noteColours(frame: Pixels, regions: readonly Box[]): NoteColours {
  const { data, width } = frame;
  const area = regions.reduce((sum, r) => sum + r.width * r.height, 0);
  const step = Math.max(1, Math.round(Math.sqrt(area / SAMPLES)));
  const weights = new Map<NoteValue, number>(NOTE_VALUES.map((v) => [v, 0]));
  let sampled = 0;
  let coloured = 0;
  let colouredWeight = 0;
  const top = Math.min(...regions.map((r) => r.y));
  const left = Math.min(...regions.map((r) => r.x));
  const bottom = Math.min(frame.height, Math.max(...regions.map((r) => r.y + r.height)));
  const right = Math.min(width, Math.max(...regions.map((r) => r.x + r.width)));
  for (let y = Math.max(0, top); y < bottom; y += step) {
    for (let x = Math.max(0, left); x < right; x += step) {
      if (!regions.some((r) => inside(x, y, r))) continue;
      sampled += 1;
      const i = (y * width + x) * 4;
      const lab = labOfLinear(LINEAR[data[i]!]!, LINEAR[data[i + 1]!]!, LINEAR[data[i + 2]!]!);
      const chroma = chromaOf(lab);
      if (chroma < LEAST_CHROMA || lab.l < DARKEST_L || lab.l > LIGHTEST_L) continue;
      coloured += 1;
      const weight = Math.min(chroma, MOST_CHROMA_WEIGHT);
      colouredWeight += weight;
      const hue = hueOf(lab);
      const value = NOTE_VALUES.find((v) => inHueBand(hue, NOTE_HUES[v]));
      if (value !== undefined) weights.set(value, weights.get(value)! + weight);
    }
  }
  const shares = new Map<NoteValue, number>(
    NOTE_VALUES.map((v) => [v, colouredWeight ? weights.get(v)! / colouredWeight : 0]),
  );
  return { chromatic: sampled ? coloured / sampled : 0, shares };
}

export function colourSupport(colours: NoteColours, value: NoteValue): ColourSupport {
  if (colours.chromatic < LEAST_CHROMATIC) return 'unknown';
  const own = colours.shares.get(value) ?? 0;
  const other = Math.max(...NOTE_VALUES.filter((v) => v !== value).map((v) => colours.shares.get(v) ?? 0));
  if (own >= AGREES_SHARE && own >= 2 * other) return 'agrees';
  if (other >= OTHER_SHARE && own < OWN_SHARE_WHEN_CONTRADICTED) return 'contradicts';
  return 'unknown';
}

/**
 * Whether the colours look like a note held up (most of the view in one note's colour): then a
 * frame without a numeral is worth the advice to show the note better, never a value.
 */
export function looksLikeANote(colours: NoteColours): boolean {
  return colours.chromatic >= NOTE_LIKE_CHROMATIC && Math.max(...colours.shares.values()) >= NOTE_LIKE_SHARE;
}
