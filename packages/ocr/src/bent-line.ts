/**
 * Curved text lines (a label round a bottle or a can, a seal's arc). DB's kernel of such a line is
 * a bent band, and its minimum-area rectangle is mostly background: the box score falls below the
 * threshold and the line is lost, or the rectangle's crop reads as nothing. Instead the band is cut
 * into slices across its long axis; the slices' mean positions give its centre line, its area over
 * that line's length its thickness, and cuts square to the centre line give a strip (strip.ts)
 * whose stretches, read side by side, unbend the line.
 */
import type { RotatedRect } from './min-area-rect.ts';
import { polylineLength, stripThrough, type Strip } from './strip.ts';
import type { Point } from './quad.ts';

export interface Band {
  /** From the first letter's end to the last's, left to right. */
  centre: Point[];
  /** Mean thickness of the kernel across the line. */
  thickness: number;
}

/**
 * Slices are about one kernel thickness long (about a letter), and a line needs at least this
 * many: a shorter one has no bend worth unbending.
 */
const MIN_SLICES = 3;
const MAX_SLICES = 32;
/** A line is bent when its centre strays this many thicknesses from the straight line through it... */
const MIN_BEND = 0.35;
/**
 * ...and follows a smooth arc (a parabola) to within this share of that bend: two neighbouring
 * lines that touch, one higher or tilted against the other, make a band with a step or a kink in
 * it, and are left to the rectangle. (Arcs of 20–90° on rendered labels: at most 0.26; two lines
 * of a garment tag touching in a V: 0.46.)
 */
const MAX_WOBBLE = 0.35;

const unit = (x: number, y: number): Point => {
  const length = Math.hypot(x, y) || 1;
  return [x / length, y / length];
};

/**
 * The centre line of a region's pixels when they form a bent band, null when they are straight
 * (the rectangle reads them as before), too short, or run more up than across (vertical text).
 * `rect` is the region's minimum-area rectangle.
 */
export function bentBand(points: readonly Point[], rect: RotatedRect): Band | null {
  const [c0, c1, , c3] = rect.corners as [Point, Point, Point, Point];
  const along = Math.hypot(c1[0] - c0[0], c1[1] - c0[1]) >= Math.hypot(c3[0] - c0[0], c3[1] - c0[1]);
  let [ux, uy] = along ? unit(c1[0] - c0[0], c1[1] - c0[1]) : unit(c3[0] - c0[0], c3[1] - c0[1]);
  if (Math.abs(uy) > Math.abs(ux)) return null;
  if (ux < 0) [ux, uy] = [-ux, -uy];
  // s along the long axis, t across it (downwards for a level line)
  let sMin = Infinity;
  let sMax = -Infinity;
  for (const [x, y] of points) {
    const s = x * ux + y * uy;
    sMin = Math.min(sMin, s);
    sMax = Math.max(sMax, s);
  }
  const length = sMax - sMin;
  const roughThickness = points.length / Math.max(1, length);
  const slices = Math.min(MAX_SLICES, Math.floor(length / roughThickness));
  if (slices < MIN_SLICES) return null;
  const sums = Array.from({ length: slices }, () => ({ s: 0, t: 0, n: 0 }));
  for (const [x, y] of points) {
    const s = x * ux + y * uy;
    const slice = sums[Math.min(slices - 1, Math.floor(((s - sMin) / length) * slices))];
    if (!slice) continue;
    slice.s += s;
    slice.t += -x * uy + y * ux;
    slice.n++;
  }
  const mids = sums.filter((m) => m.n > 0).map((m): Point => [m.s / m.n, m.t / m.n]);
  if (mids.length < MIN_SLICES) return null;
  const bend = maxResidual(mids, 1);
  if (bend < MIN_BEND * roughThickness || maxResidual(mids, 2) > MAX_WOBBLE * bend) return null;
  const first = mids[0] as Point;
  const last = mids[mids.length - 1] as Point;
  const ends: [Point, Point] = [
    extrapolate(mids[1] as Point, first, sMin),
    extrapolate(mids[mids.length - 2] as Point, last, sMax),
  ];
  const centre = [ends[0], ...mids, ends[1]].map(([s, t]): Point => [s * ux - t * uy, s * uy + t * ux]);
  return { centre, thickness: points.length / Math.max(1, polylineLength(centre)) };
}

/** Largest distance in t of the points from their least-squares polynomial t(s) of `degree`. */
export function maxResidual(points: readonly Point[], degree: 1 | 2): number {
  const n = degree + 1;
  // s centred and scaled to about −1..1 keeps the normal equations well conditioned
  const mean = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const scale = Math.max(1, ...points.map((p) => Math.abs(p[0] - mean)));
  const powers = (s: number) => Array.from({ length: n }, (_, k) => ((s - mean) / scale) ** k);
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (const [s, t] of points) {
    const x = powers(s);
    for (let r = 0; r < n; r++) {
      const row = a[r] as number[];
      for (let c = 0; c < n; c++) row[c] = (row[c] as number) + (x[r] as number) * (x[c] as number);
      row[n] = (row[n] as number) + (x[r] as number) * t;
    }
  }
  const coefficients = solve(a);
  return Math.max(
    ...points.map(([s, t]) =>
      Math.abs(t - powers(s).reduce((sum, x, k) => sum + x * (coefficients[k] ?? 0), 0)),
    ),
  );
}

/** Gauss–Jordan elimination with partial pivoting on an augmented n × (n + 1) matrix. */
function solve(a: number[][]): number[] {
  const n = a.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = r;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const top = a[col] as number[];
    const p = top[col] as number;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      const row = a[r] as number[];
      if (r === col) continue;
      const f = (row[col] as number) / p;
      for (let c = col; c <= n; c++) row[c] = (row[c] as number) - f * (top[c] as number);
    }
  }
  return a.map((row, r) => {
    const p = row[r] as number;
    return Math.abs(p) < 1e-12 ? 0 : (row[n] as number) / p;
  });
}

/** The point at `s` on the line through `from` and `to` (in s, t coordinates). */
function extrapolate(from: Point, to: Point, s: number): Point {
  const ds = to[0] - from[0];
  const slope = ds !== 0 ? (to[1] - from[1]) / ds : 0;
  return [s, to[1] + slope * (s - to[0])];
}

/**
 * Cuts square to the band's centre line, each reaching `halfWidth` to either side, with the line
 * lengthened by `extend` at both ends (DB's unclip, for a band).
 */
export function bandStrip(band: Band, halfWidth: number, extend: number): Strip {
  const { centre } = band;
  const last = centre.length - 1;
  const tangents = centre.map((_, i) => {
    const a = centre[Math.max(0, i - 1)] as Point;
    const b = centre[Math.min(last, i + 1)] as Point;
    return unit(b[0] - a[0], b[1] - a[1]);
  });
  const top: Point[] = [];
  const bottom: Point[] = [];
  centre.forEach(([x, y], i) => {
    const [tx, ty] = tangents[i] as Point;
    const push = i === 0 ? -extend : i === last ? extend : 0;
    const cx = x + push * tx;
    const cy = y + push * ty;
    // the letters' tops face the tangent turned a quarter turn anticlockwise (y grows downwards)
    top.push([cx + ty * halfWidth, cy - tx * halfWidth]);
    bottom.push([cx - ty * halfWidth, cy + tx * halfWidth]);
  });
  return stripThrough(top, bottom);
}
