import type { Lab } from './colour-space.ts';

/**
 * Whether a garment is plain, striped, checked or otherwise patterned, from its colour map (each
 * pixel of the garment region replaced by its cluster's colour). The map's autocorrelation along
 * four directions says it: stripes stay the same along one direction and repeat across it
 * (whatever their angle); checks and plaid repeat along both axes and stay the same along neither;
 * flowers, dots scattered or a print repeat at no one period.
 */
export type Pattern = 'solid' | 'stripes' | 'checks' | 'patterned';

export interface ColourMap {
  width: number;
  height: number;
  /** Per pixel (row by row), the index of its colour in `colours`. */
  labels: Uint8Array;
  colours: readonly Lab[];
  /** Share of the pixels per colour, largest first. */
  shares: readonly number[];
}

/** Steps of the four directions: across, down, and the two diagonals. */
const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;
/** Each direction's perpendicular, by index. */
const ACROSS = [1, 0, 3, 2] as const;

/** Along a stripe the map keeps this correlation on average … */
const CONSTANT = 0.7;
/** … and a repeat falls below DIP before it comes back above PEAK (one period further). */
const DIP = 0.15;
const PEAK = 0.45;
/** Checks have a second colour over this share; dots on a grid repeat too, but cover less. */
const CHECKS_MINOR_SHARE = 0.2;

/** Normalised autocorrelation of the (mean-removed) map at lags 1..maxLag along one direction. */
function autocorrelation(map: ColourMap, [dx, dy]: readonly [number, number], maxLag: number): number[] {
  const { width, height, labels, colours, shares } = map;
  const mean = colours.reduce(
    (m, c, i) => ({ l: m.l + c.l * shares[i]!, a: m.a + c.a * shares[i]!, b: m.b + c.b * shares[i]! }),
    { l: 0, a: 0, b: 0 },
  );
  const centred = colours.map((c) => [c.l - mean.l, c.a - mean.a, c.b - mean.b] as const);
  // products of colour pairs (row a, column b), looked up instead of computed per pixel
  const n = colours.length;
  const dot = new Float64Array(n * n);
  centred.forEach((p, a) =>
    centred.forEach((q, b) => (dot[a * n + b] = p[0] * q[0] + p[1] * q[1] + p[2] * q[2])),
  );
  let variance = 0;
  for (const label of labels) variance += dot[label * n + label]!;
  variance /= labels.length;
  const result: number[] = [];
  for (let lag = 1; lag <= maxLag; lag += 1) {
    const ox = dx * lag;
    const oy = dy * lag;
    let sum = 0;
    let count = 0;
    for (let y = Math.max(0, -oy); y < Math.min(height, height - oy); y += 1) {
      for (let x = Math.max(0, -ox); x < Math.min(width, width - ox); x += 1) {
        sum += dot[labels[y * width + x]! * n + labels[(y + oy) * width + x + ox]!]!;
        count += 1;
      }
    }
    result.push(variance > 0 && count ? sum / count / variance : 1);
  }
  return result;
}

function repeats(correlation: readonly number[]): boolean {
  const dip = correlation.findIndex((c) => c <= DIP);
  return dip >= 0 && correlation.slice(dip + 1).some((c) => c >= PEAK);
}

const constant = (correlation: readonly number[]): boolean =>
  correlation.reduce((sum, c) => sum + c, 0) / correlation.length >= CONSTANT;

/** The pattern of a garment's colour map. */
export function patternOf(map: ColourMap): Pattern {
  if (map.colours.length < 2) return 'solid';
  // two periods must fit: a repeat is looked for up to half the region
  const maxLag = Math.max(2, Math.floor(Math.min(map.width, map.height) / 2));
  const correlations = DIRECTIONS.map((d) => autocorrelation(map, d, maxLag));
  const striped = correlations.some((c, i) => constant(c) && repeats(correlations[ACROSS[i]!]!));
  if (striped) return 'stripes';
  const minor = 1 - map.shares[0]!;
  if (repeats(correlations[0]!) && repeats(correlations[1]!) && minor >= CHECKS_MINOR_SHARE) {
    return 'checks';
  }
  return 'patterned';
}
