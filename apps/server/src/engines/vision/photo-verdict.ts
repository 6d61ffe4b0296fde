import type { PhotoMetrics } from './photo-metrics.ts';

/**
 * The photo check's verdict on its measured numbers: too dark (even the brightest part of the
 * frame is dim), washed out (almost every pixel near white, so nothing is left to read), blurred or
 * too close, or featureless (almost no edges at the coarsest scale: a wall, a table top, a finger
 * over the lens); and glare (a burnt-out patch on an otherwise normal photo), said as advice because
 * the rest may still be read.
 *
 * Thresholds were set on the fixture photos and their degraded copies (bench:vision prints how they
 * do) and kept loose on the sharp side: calling a usable photo unusable costs the user a retake,
 * calling a blurred one usable costs them a wrong answer, and the first is the one they can hear.
 */

export type PhotoProblem = 'blurred' | 'tooClose' | 'dark' | 'washedOut' | 'featureless';
export type PhotoAdvice = 'glare';

export interface PhotoQuality {
  /** Why the photo cannot be used, the main reason first; empty when it can. */
  problems: PhotoProblem[];
  /** Worth saying beside an answer, but the photo is still used. */
  advice: PhotoAdvice[];
  metrics: PhotoMetrics;
}

/** Blurred: the two octaves' worst ratios add up to less than this (sharp photos: ≥ 0.9; σ 4 px: ≤ 0.73). */
const BLUR_SUM = 0.75;
/** ...or one direction is smeared (motion): coarse ratios this far apart, the low one below MOTION_COARSE. */
const MOTION_ANISOTROPY = 1.7;
const MOTION_COARSE = 0.55;
const MOTION_FINE = 0.65;
/** Nothing in focus even one octave down: too close for the camera to focus. */
const TOO_CLOSE_COARSE = 0.29;
/** Too dark: the bright end of the frame (95th percentile) below this, and the mean below DARK_MEAN. */
const DARK_P95 = 70;
const DARK_MEAN = 45;
/**
 * Washed out: even the darkest 0.1 % this bright (the ink of a single digit on a white sign is
 * darker) and the mean near white.
 */
const WASHED_DARKEST = 190;
const WASHED_MEAN = 215;
/**
 * Featureless: quarter-size gradient energy below this (a white page of text: ≥ 300) and almost no
 * strong edge (a single big digit on a door has little energy but clear edges).
 */
const FEATURELESS_ENERGY = 12;
const FEATURELESS_EDGE_SHARE = 0.002;
/**
 * Glare: one burnt-out patch of at least this share of the frame that does not touch its edge (sky,
 * a white wall behind, the white corners of a turned photo all do) and at most GLARE_MAX of it.
 */
const GLARE_MIN = 0.045;
const GLARE_MAX = 0.45;

/** The verdict on measured values (pure: the tests and the bench call it directly). */
export function judgePhoto(m: PhotoMetrics): PhotoQuality {
  const problems: PhotoProblem[] = [];
  const advice: PhotoAdvice[] = [];
  const dark = m.p95 < DARK_P95 && m.mean < DARK_MEAN;
  const washedOut = m.darkest >= WASHED_DARKEST && m.mean >= WASHED_MEAN;
  if (dark) problems.push('dark');
  else if (washedOut) problems.push('washedOut');
  // in the dark or a white-out, sensor noise and the missing edges say nothing about focus
  if (!dark && !washedOut) {
    const fine = Math.min(...m.sharpness);
    const coarse = Math.min(...m.coarseSharpness);
    const smeared =
      Math.max(...m.coarseSharpness) / Math.max(coarse, 1e-6) > MOTION_ANISOTROPY &&
      coarse < MOTION_COARSE &&
      fine < MOTION_FINE;
    if (m.coarseEnergy < FEATURELESS_ENERGY && m.strongEdges < FEATURELESS_EDGE_SHARE)
      problems.push(coarse < TOO_CLOSE_COARSE ? 'tooClose' : 'featureless');
    else if (fine + coarse < BLUR_SUM || smeared)
      problems.push(coarse < TOO_CLOSE_COARSE ? 'tooClose' : 'blurred');
    if (m.glarePatch >= GLARE_MIN && m.glarePatch <= GLARE_MAX) advice.push('glare');
  }
  return { problems, advice, metrics: m };
}
