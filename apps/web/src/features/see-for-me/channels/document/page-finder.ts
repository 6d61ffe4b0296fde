/**
 * Finds the page in a camera frame from its pixels: a bright sheet on a darker background. The
 * frame is shrunk to a small grey grid (fast enough for every frame on a phone), split into bright
 * and dark by Otsu's threshold, and the largest bright connected region is taken as the page. Its
 * outline says where it lies, which of the frame's sides it runs into (it is cut off there) and how
 * it is turned.
 */
import type { Pixels } from '../frame-print.ts';

/** A side of the frame as the camera sees it. */
export type Side = 'left' | 'right' | 'top' | 'bottom';

export interface Point {
  x: number;
  y: number;
}

/** Left, top, right, bottom, as shares (0..1) of the frame's width and height. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PageOutline {
  /** Top-left, top-right, bottom-right, bottom-left corners, as shares of the frame (exact while |tilt| < 45°). */
  corners: readonly [Point, Point, Point, Point];
  bounds: Bounds;
  /** Share of the picture the page covers (its outline's area). */
  coverage: number;
  /** Share of each side of the frame the page lies along: above a few per cent it is cut off there. */
  contact: Record<Side, number>;
  /** The frame's width over its height (shares of width and height are not the same length). */
  aspect: number;
}

/** A grey picture (0–255 per cell). */
export interface Grey {
  values: Uint8Array;
  width: number;
  height: number;
}

/** The grid the page is looked for on: small, as the guidance needs shares of the frame, not detail. */
export const FIND_SIDE = 192;
/** The bright part must be this much brighter than the dark (0–255 means): else there is no sheet in view. */
const MIN_CONTRAST = 40;
/** A page is white-ish paper: a bright class darker than this is a grey scene, not a sheet. */
const MIN_PAGE_GREY = 110;
/** A bright region smaller than this share of the picture is a light or a reflection, not a page. */
const MIN_PAGE_SHARE = 0.03;

/** The frame shrunk (by a whole factor, each cell the mean of its block) so its longer side is at most `maxSide`. */
export function greyAt(pixels: Pixels, maxSide: number): Grey {
  const factor = Math.max(1, Math.ceil(Math.max(pixels.width, pixels.height) / maxSide));
  const width = Math.floor(pixels.width / factor);
  const height = Math.floor(pixels.height / factor);
  const sums = new Uint32Array(width * height);
  const { data } = pixels;
  for (let y = 0; y < height * factor; y += 1) {
    const row = ((y / factor) | 0) * width;
    let i = y * pixels.width * 4;
    for (let x = 0; x < width * factor; x += 1, i += 4) {
      // Rec. 601 luma in integers (×256)
      sums[row + ((x / factor) | 0)]! += data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29;
    }
  }
  const values = new Uint8Array(width * height);
  const cell = factor * factor * 256;
  for (let i = 0; i < values.length; i += 1) values[i] = Math.round(sums[i]! / cell);
  return { values, width, height };
}

/** Otsu's threshold of the grey values above `floor`, with the mean grey of each side of it. */
function otsu(values: Uint8Array, floor = -1): { threshold: number; darkMean: number; brightMean: number } {
  const histogram = new Float64Array(256);
  let total = 0;
  for (const v of values) {
    if (v <= floor) continue;
    histogram[v]! += 1;
    total += 1;
  }
  let sumAll = 0;
  for (let v = 0; v < 256; v += 1) sumAll += v * histogram[v]!;
  let best = { threshold: 0, darkMean: 0, brightMean: 0, between: -1 };
  let weightDark = 0;
  let sumDark = 0;
  for (let t = 0; t < 255; t += 1) {
    weightDark += histogram[t]!;
    sumDark += t * histogram[t]!;
    const weightBright = total - weightDark;
    if (weightDark === 0 || weightBright === 0) continue;
    const darkMean = sumDark / weightDark;
    const brightMean = (sumAll - sumDark) / weightBright;
    const between = weightDark * weightBright * (darkMean - brightMean) ** 2;
    if (between > best.between) best = { threshold: t, darkMean, brightMean, between };
  }
  return best;
}

/** The cells of the largest 4-connected region above the threshold (their indices), or none. */
function largestBrightRegion(grey: Grey, threshold: number): Int32Array {
  const { values, width, height } = grey;
  const seen = new Uint8Array(values.length);
  const stack = new Int32Array(values.length);
  const region = new Int32Array(values.length);
  let best = new Int32Array(0);
  const visit = (n: number, top: number): number => {
    if (seen[n] || values[n]! <= threshold) return top;
    seen[n] = 1;
    stack[top] = n;
    return top + 1;
  };
  for (let start = 0; start < values.length; start += 1) {
    if (seen[start] || values[start]! <= threshold) continue;
    let count = 0;
    let top = visit(start, 0);
    while (top > 0) {
      const i = stack[--top]!;
      region[count++] = i;
      const x = i % width;
      if (x > 0) top = visit(i - 1, top);
      if (x < width - 1) top = visit(i + 1, top);
      if (i >= width) top = visit(i - width, top);
      if (i < (height - 1) * width) top = visit(i + width, top);
    }
    if (count > best.length) best = region.slice(0, count);
  }
  return best;
}

/** Area of a polygon (shoelace). */
function area(points: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i += 1) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** The outline of a region of grid cells, in shares of the grid. */
function outlineOf(cells: Int32Array, width: number, height: number): PageOutline {
  // the corners are the cells furthest along the diagonals (x + y, x − y)
  const extreme = { tl: Infinity, tr: -Infinity, br: -Infinity, bl: Infinity };
  const at = { tl: 0, tr: 0, br: 0, bl: 0 };
  const box = { left: width, right: 0, top: height, bottom: 0 };
  const along = { left: 0, right: 0, top: 0, bottom: 0 };
  for (const i of cells) {
    const x = i % width;
    const y = (i - x) / width;
    if (x + y < extreme.tl) [extreme.tl, at.tl] = [x + y, i];
    if (x - y > extreme.tr) [extreme.tr, at.tr] = [x - y, i];
    if (x + y > extreme.br) [extreme.br, at.br] = [x + y, i];
    if (x - y < extreme.bl) [extreme.bl, at.bl] = [x - y, i];
    box.left = Math.min(box.left, x);
    box.right = Math.max(box.right, x);
    box.top = Math.min(box.top, y);
    box.bottom = Math.max(box.bottom, y);
    if (x === 0) along.left += 1;
    if (x === width - 1) along.right += 1;
    if (y === 0) along.top += 1;
    if (y === height - 1) along.bottom += 1;
  }
  // a corner is the cell's outer corner, not its centre
  const corner = (i: number, outX: number, outY: number): Point => {
    const x = i % width;
    return { x: (x + outX) / width, y: ((i - x) / width + outY) / height };
  };
  const corners = [
    corner(at.tl, 0, 0),
    corner(at.tr, 1, 0),
    corner(at.br, 1, 1),
    corner(at.bl, 0, 1),
  ] as const;
  return {
    corners,
    bounds: {
      left: box.left / width,
      top: box.top / height,
      right: (box.right + 1) / width,
      bottom: (box.bottom + 1) / height,
    },
    coverage: area(corners),
    contact: {
      left: along.left / height,
      right: along.right / height,
      top: along.top / width,
      bottom: along.bottom / width,
    },
    aspect: width / height,
  };
}

const touchesEverySide = (outline: PageOutline) => Object.values(outline.contact).every((c) => c > 0);

/** The largest region above a threshold, outlined, or null when it is too small for a page. */
function regionAbove(grey: Grey, threshold: number): PageOutline | null {
  const region = largestBrightRegion(grey, threshold);
  if (region.length < MIN_PAGE_SHARE * grey.values.length) return null;
  return outlineOf(region, grey.width, grey.height);
}

/**
 * The page in view, or null when no bright sheet stands out from its background. On a light table
 * the first split is ink against table and paper together, which then fill the view; the bright
 * side is split again, and the paper stands out from the table if it is brighter enough.
 */
export function findPage(pixels: Pixels): PageOutline | null {
  const grey = greyAt(pixels, FIND_SIDE);
  if (grey.values.length === 0) return null;
  const first = otsu(grey.values);
  if (first.brightMean - first.darkMean < MIN_CONTRAST || first.brightMean < MIN_PAGE_GREY) return null;
  const outline = regionAbove(grey, first.threshold);
  if (!outline || !touchesEverySide(outline)) return outline;
  const second = otsu(grey.values, first.threshold);
  if (second.brightMean - second.darkMean < MIN_CONTRAST) return outline;
  return regionAbove(grey, second.threshold) ?? outline;
}
