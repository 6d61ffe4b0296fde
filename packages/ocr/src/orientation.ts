/**
 * Text the right way up, whichever way the phone was held. The detector finds lines at any angle,
 * but a box has two ways to be read: along its reading frame (strip.ts) or turned half round. A
 * line upside down reads as confident nonsense surprisingly often ("880" as "088"; "20 mg" as
 * "bw 0Z"), so no line decides alone: the recogniser reads the page's largest lines both ways, and
 * the page turns the way its lines read better in total (the page vote). A line then keeps the
 * page's way unless its own two readings disagree clearly (a label stuck on upside down beside
 * upright print). No npm package ships PaddleOCR's direction classifier, so the recogniser's own
 * confidence is the judge.
 */
import type { Box } from './geometry.ts';
import type { DecodedText } from './ctc-decode.ts';
import { centreOf, type Strip } from './strip.ts';
import type { Point } from './quad.ts';
import type { RgbImage } from './image.ts';

/** Lines the page vote reads both ways: the largest, whose readings are the most reliable. */
export const VOTE_LINES = 6;
/** A line overrides the page's way when its other reading is this much more confident. */
const OWN_WAY_MARGIN = 0.15;
/** A line outside the vote is also read the other way when it read less confidently than this. */
export const DOUBTFUL_SCORE = 0.8;

/** The same line read from its other end: tops and bottoms swap, and the cuts run backwards. */
export function flippedStrip(strip: Strip): Strip {
  return { top: [...strip.bottom].reverse(), bottom: [...strip.top].reverse(), aspect: strip.aspect };
}

/** A reading weighed by how much it read: a long confident line counts more than one character. */
const weight = (r: DecodedText) => r.score * Math.max(1, [...r.text.trim()].length);

/**
 * The page vote: true when the lines read better turned half round. `pairs` holds each voting
 * line's reading along its frame and turned. A tie keeps the frame (most photos are upright).
 */
export function pageReadsFlipped(pairs: readonly (readonly [DecodedText, DecodedText])[]): boolean {
  let asIs = 0;
  let turned = 0;
  for (const [a, b] of pairs) {
    asIs += weight(a);
    turned += weight(b);
  }
  return turned > asIs;
}

/** Which reading of one line to keep, given the page's way: true for the turned one. */
export function lineReadsFlipped(asIs: DecodedText, turned: DecodedText, pageFlipped: boolean): boolean {
  const [preferred, other] = pageFlipped ? [turned, asIs] : [asIs, turned];
  const overrides = other.score - preferred.score > OWN_WAY_MARGIN && other.text.trim().length > 0;
  return overrides ? !pageFlipped : pageFlipped;
}

/** Reading direction of a strip as an angle (radians, image axes: 0 is left to right, π/2 downwards). */
function readingAngle(strip: Strip): number {
  const centre = centreOf(strip);
  const first = centre[0] as Point;
  const last = centre[centre.length - 1] as Point;
  return Math.atan2(last[1] - first[1], last[0] - first[0]);
}

/**
 * The page's reading direction (radians, image axes): the mean of its lines' directions, each
 * weighted by its length. 0 for an upright page, about 0.14 for one tilted 8° clockwise, π/2 for
 * lines that read downwards.
 */
export function pageReadingAngle(strips: readonly Strip[]): number {
  let x = 0;
  let y = 0;
  for (const strip of strips) {
    const angle = readingAngle(strip);
    x += Math.cos(angle) * strip.aspect;
    y += Math.sin(angle) * strip.aspect;
  }
  return x === 0 && y === 0 ? 0 : Math.atan2(y, x);
}

/**
 * How many quarter turns clockwise bring a page whose lines read at `angle` upright (0–3): lines
 * that read downwards (a page turned a quarter turn clockwise) need three more, and so on.
 */
export function quarterTurnsFor(angle: number): number {
  const quarters = Math.round(angle / (Math.PI / 2));
  return ((-quarters % 4) + 4) % 4;
}

/** Points turned by −angle: a line that read at `angle` reads left to right (for reading order). */
export function straightened(points: readonly (readonly number[])[], angle: number): number[][] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return points.map(([x = 0, y = 0]) => [x * cos + y * sin, -x * sin + y * cos]);
}

/** The image turned `turns` quarter turns clockwise (what quarterTurnsFor says brings it upright). */
export function turnedImage(image: RgbImage, turns: number): RgbImage {
  const { width, height, data } = image;
  const sideways = turns % 2 === 1;
  const outWidth = sideways ? height : width;
  const outHeight = sideways ? width : height;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [nx, ny] =
        turns === 1
          ? [height - 1 - y, x]
          : turns === 2
            ? [width - 1 - x, height - 1 - y]
            : [y, width - 1 - x];
      const from = (y * width + x) * 3;
      const to = (ny * outWidth + nx) * 3;
      out[to] = data[from] as number;
      out[to + 1] = data[from + 1] as number;
      out[to + 2] = data[from + 2] as number;
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}

const EDGES_CLOCKWISE = ['top', 'right', 'bottom', 'left'] as const;

/**
 * A box (normalised to 0..1) in the photo turned `turns` quarter turns clockwise, placed back in the
 * photo as taken.
 */
export function boxBeforeTurning(b: Box, turns: number): Box {
  switch (((turns % 4) + 4) % 4) {
    case 1:
      return { x: b.y, y: 1 - b.x - b.width, width: b.height, height: b.width };
    case 2:
      return { x: 1 - b.x - b.width, y: 1 - b.y - b.height, width: b.width, height: b.height };
    case 3:
      return { x: 1 - b.y - b.height, y: b.x, width: b.height, height: b.width };
    default:
      return b;
  }
}

/** The photo's side that became `edge` after turning it `turns` quarter turns clockwise. */
export function edgeBeforeTurning(edge: (typeof EDGES_CLOCKWISE)[number], turns: number) {
  return EDGES_CLOCKWISE[(EDGES_CLOCKWISE.indexOf(edge) - turns + 4) % 4] as (typeof EDGES_CLOCKWISE)[number];
}
