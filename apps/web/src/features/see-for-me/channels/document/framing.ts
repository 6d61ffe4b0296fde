/**
 * How well a page is framed for reading, and what the user should do about it.
 *
 * The advice names where to move the PHONE, as Lookout's and Envision's document modes do ("move
 * phone left"): a page cut off at the left side of the picture lies further to the left, so
 * "往左移" moves the phone left and the page comes into view. The same holds for up (the top of the
 * picture), right and down; a page turned clockwise on the screen is straightened by turning the
 * phone clockwise ("顺时针转一点").
 *
 * The score (0–100) is the product of a factor per fault (a cut side, the size, the tilt, the
 * perspective); the page is framed at CAPTURE_SCORE and above, else the advice fixes the fault
 * that costs most, a cut side first (nothing else can be judged of a page partly out of view).
 */
import type { Bounds, PageOutline, Point, Side } from './page-finder.ts';

/** A text line's box as shares (0..1) of the frame. */
export interface LineBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Advice =
  | 'noDocument'
  | 'moveLeft'
  | 'moveRight'
  | 'moveUp'
  | 'moveDown'
  | 'farther'
  | 'closer'
  | 'rotateClockwise'
  | 'rotateCounterClockwise'
  | 'flatten'
  | 'framed';

export interface Framing {
  /** 0–100. */
  score: number;
  advice: Advice;
  /** Where the page is (the text lines' bounds when no sheet stands out), for telling a still hand. */
  bounds: Bounds | null;
}

/** At this score and above the page is framed (and captured once still). */
export const CAPTURE_SCORE = 75;
/** The page lies along more than this share of a side of the frame: it is cut off there. */
const CUT_CONTACT = 0.04;
/** A text line this close to a side of the frame (share of it) runs out of the picture. */
const LINE_AT_EDGE = 0.01;
/** The page's longer extent, as a share of the frame's, at which it is big enough to read … */
const FILL_GOOD = 0.6;
/** … and below which it scores nothing. */
const FILL_NONE = 0.2;
/** Tilt up to this many degrees costs nothing … */
const TILT_FREE_DEG = 5;
/** … and this many degrees more cost all. */
const TILT_SPAN_DEG = 25;
/** Opposite edges of the outline as short as this share of each other cost nothing (a phone held almost flat). */
const KEYSTONE_FREE = 0.85;
/** A page with a side cut off scores at most this (it cannot be framed). */
const CUT_CEILING = 0.5;
/** Paper is about √2 times as tall as wide (A4, letter): how much of a cut page is in view is guessed from it. */
const PAGE_ASPECT = Math.SQRT2;

const MOVE: Record<Side, Advice> = {
  left: 'moveLeft',
  right: 'moveRight',
  top: 'moveUp',
  bottom: 'moveDown',
};
const SIDES: readonly Side[] = ['left', 'right', 'top', 'bottom'];

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function linesAtSide(lines: readonly LineBox[], side: Side): boolean {
  return lines.some((l) => {
    if (side === 'left') return l.x <= LINE_AT_EDGE;
    if (side === 'right') return l.x + l.width >= 1 - LINE_AT_EDGE;
    if (side === 'top') return l.y <= LINE_AT_EDGE;
    return l.y + l.height >= 1 - LINE_AT_EDGE;
  });
}

function unionOf(lines: readonly LineBox[]): Bounds {
  return {
    left: Math.min(...lines.map((l) => l.x)),
    top: Math.min(...lines.map((l) => l.y)),
    right: Math.max(...lines.map((l) => l.x + l.width)),
    bottom: Math.max(...lines.map((l) => l.y + l.height)),
  };
}

/** Degrees, clockwise on the screen, of the outline's edges (each edge's turn from upright, averaged). */
export function tiltOf(corners: readonly [Point, Point, Point, Point], aspect: number): number {
  const [tl, tr, br, bl] = corners;
  // shares of width and height to one unit of length
  const angle = (a: Point, b: Point) => Math.atan2((b.y - a.y) / aspect, b.x - a.x);
  const turns = [angle(tl, tr), angle(bl, br), angle(tl, bl) - Math.PI / 2, angle(tr, br) - Math.PI / 2];
  return (turns.reduce((s, t) => s + t, 0) / turns.length) * (180 / Math.PI);
}

/** The shorter of two opposite edges over the longer, the worse of the two pairs (1: no perspective). */
function keystoneOf(corners: readonly [Point, Point, Point, Point], aspect: number): number {
  const [tl, tr, br, bl] = corners;
  const length = (a: Point, b: Point) => Math.hypot(b.x - a.x, (b.y - a.y) / aspect);
  const ratio = (a: number, b: number) => Math.min(a, b) / Math.max(a, b, 1e-9);
  return Math.min(ratio(length(tl, tr), length(bl, br)), ratio(length(tl, bl), length(tr, br)));
}

/**
 * How much of a page cut off on one axis is in view, guessed from its uncut extent and paper's
 * shape (at most 1; a landscape page is guessed too whole until much of it is out of view). Cut on
 * two sides, only its share of the picture says anything.
 */
function shareInView(bounds: Bounds, aspect: number, coverage: number, cut: Record<Side, boolean>): number {
  const width = (bounds.right - bounds.left) * aspect;
  const height = bounds.bottom - bounds.top;
  const acrossCut = cut.left || cut.right;
  const alongCut = cut.top || cut.bottom;
  if (acrossCut && alongCut) return 0.5 * clamp01(coverage / (FILL_GOOD * FILL_GOOD));
  if (acrossCut) return clamp01((width * PAGE_ASPECT) / height);
  return clamp01(height / (width * PAGE_ASPECT));
}

/**
 * The framing of the page in view. `lines` are the text lines found, or null when they were not
 * looked for (then a bright surface filling the whole view may be a page held too close).
 */
export function assessFraming(page: PageOutline | null, lines: readonly LineBox[] | null): Framing {
  const text = lines ?? [];
  // a bright surface along every side shows no sheet's outline: where the text is says more
  const sheet = page && lines !== null && SIDES.every((s) => page.contact[s] > CUT_CONTACT) ? null : page;
  if (!sheet && text.length === 0) return { score: 0, advice: 'noDocument', bounds: null };
  const bounds = sheet?.bounds ?? unionOf(text);
  const aspect = sheet?.aspect ?? 1;
  const cut = Object.fromEntries(
    SIDES.map((s) => [s, (sheet?.contact[s] ?? 0) > CUT_CONTACT || linesAtSide(text, s)]),
  ) as Record<Side, boolean>;
  const cutSides = SIDES.filter((s) => cut[s]);

  if ((cut.left && cut.right) || (cut.top && cut.bottom)) {
    // wider than the view with no text on it: a wall or a table, not a page held too close
    if (lines !== null && text.length === 0) return { score: 0, advice: 'noDocument', bounds: null };
    return { score: Math.round(100 * CUT_CEILING * 0.5), advice: 'farther', bounds };
  }
  if (cutSides.length > 0) {
    // the side the page lies along furthest is the one most of it is beyond
    const weight = (s: Side) => Math.max(sheet?.contact[s] ?? 0, linesAtSide(text, s) ? CUT_CONTACT : 0);
    const side = cutSides.reduce((a, b) => (weight(b) > weight(a) ? b : a));
    const coverage = sheet?.coverage ?? (bounds.right - bounds.left) * (bounds.bottom - bounds.top);
    const score = 100 * CUT_CEILING * shareInView(bounds, aspect, coverage, cut);
    return { score: Math.round(score), advice: MOVE[side], bounds };
  }

  const fill = Math.max(bounds.right - bounds.left, bounds.bottom - bounds.top);
  const tilt = sheet ? tiltOf(sheet.corners, aspect) : 0;
  const factors: [Advice, number][] = [
    ['closer', clamp01((fill - FILL_NONE) / (FILL_GOOD - FILL_NONE))],
    [
      tilt > 0 ? 'rotateClockwise' : 'rotateCounterClockwise',
      clamp01(1 - (Math.abs(tilt) - TILT_FREE_DEG) / TILT_SPAN_DEG),
    ],
    ['flatten', sheet ? clamp01(1 - (KEYSTONE_FREE - keystoneOf(sheet.corners, aspect)) * 2) : 1],
  ];
  const score = Math.round(100 * factors.reduce((p, [, f]) => p * f, 1));
  if (score >= CAPTURE_SCORE) return { score, advice: 'framed', bounds };
  const worst = factors.reduce((a, b) => (b[1] < a[1] ? b : a));
  return { score, advice: worst[0], bounds };
}
