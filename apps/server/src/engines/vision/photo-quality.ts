/**
 * Can this photo be used at all? Checked on every analysis before any engine (embedded or cloud)
 * sees it: a blind user cannot see that the photo is a white blur, so answering it ("左边远处可能有
 * 一个钟") is worse than saying why it failed and how to take it again.
 *
 * Everything is measured on a grey copy of at most ANALYSIS_SIDE px (JPEG shrink-on-load makes the
 * decode cheap), in one pass over the pixels and one over a half-size copy:
 *
 * - Sharpness. Blur spreads each edge over several pixels, which lowers the gradient energy per
 *   pixel far more at full resolution than at half (a sharp edge is one pixel wide at both sizes;
 *   an edge blurred over w pixels carries 1/w of its energy). The ratio of mean squared gradients
 *   full/half is ≈ 0.5–1 for a sharp photo and falls to ≈ 0.27 once edges span a few pixels, for
 *   any content, so it needs no per-scene threshold. The same ratio one octave lower tells how far
 *   the blur goes (mild, or nothing in focus: the phone is too close). Measured per direction, so
 *   motion blur, which smears along one direction only, shows as one ratio much lower than the
 *   other.
 * - Exposure: too dark (even the brightest part of the frame is dim), washed out (almost every
 *   pixel near white, so nothing is left to read), glare (a burnt-out patch on an otherwise normal
 *   photo: said as advice, the rest may still be read).
 * - Content: a frame with almost no edges at the coarsest scale shows nothing to recognise (a wall,
 *   a table top, a finger over the lens).
 *
 * Thresholds were set on the fixture photos and their degraded copies (bench:vision prints how they
 * do) and kept loose on the sharp side: calling a usable photo unusable costs the user a retake,
 * calling a blurred one usable costs them a wrong answer, and the first is the one they can hear.
 */
import sharp from 'sharp';
import { InvalidImageError, rawInput, type RgbImage } from './image-pipeline.ts';

export type PhotoProblem = 'blurred' | 'tooClose' | 'dark' | 'washedOut' | 'featureless';
export type PhotoAdvice = 'glare';

export interface PhotoQuality {
  /** Why the photo cannot be used, the main reason first; empty when it can. */
  problems: PhotoProblem[];
  /** Worth saying beside an answer, but the photo is still used. */
  advice: PhotoAdvice[];
  metrics: PhotoMetrics;
}

export interface PhotoMetrics {
  /** Mean grey level 0..255. */
  mean: number;
  /** The darkest 0.1 % and 5 % of pixels are at most this bright. */
  darkest: number;
  p5: number;
  p95: number;
  /** Share of pixels at or above SATURATED. */
  saturated: number;
  /** Gradient energy full/half size, per direction (x, y). */
  sharpness: [number, number];
  /** The same one octave lower. */
  coarseSharpness: [number, number];
  /** Mean squared gradient at quarter size: how much there is to see at all. */
  coarseEnergy: number;
  /** Share of quarter-size pixels on a strong edge (a step of STRONG_EDGE grey levels or more). */
  strongEdges: number;
  /** Share of the frame in the largest burnt-out patch that does not touch the frame's edge. */
  glarePatch: number;
}

/** Longest side the check looks at. */
export const ANALYSIS_SIDE = 640;
const SATURATED = 250;

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
const STRONG_EDGE = 24;
const FEATURELESS_EDGE_SHARE = 0.002;
/**
 * Glare: one burnt-out patch of at least this share of the frame that does not touch its edge (sky,
 * a white wall behind, the white corners of a turned photo all do) and at most GLARE_MAX of it.
 */
const GLARE_MIN = 0.045;
const GLARE_MAX = 0.45;

interface Grey {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

/** Mean squared forward difference along x and along y, and the share of strong steps. */
function gradientEnergy({ data, width, height }: Grey): [number, number, number] {
  let ex = 0;
  let ey = 0;
  let strong = 0;
  for (let y = 0; y < height - 1; y++) {
    let i = y * width;
    for (let x = 0; x < width - 1; x++, i++) {
      const v = data[i] as number;
      const dx = (data[i + 1] as number) - v;
      const dy = (data[i + width] as number) - v;
      ex += dx * dx;
      ey += dy * dy;
      if (Math.abs(dx) >= STRONG_EDGE || Math.abs(dy) >= STRONG_EDGE) strong++;
    }
  }
  const n = Math.max(1, (width - 1) * (height - 1));
  return [ex / n, ey / n, strong / n];
}

/** Half size by 2×2 averaging. */
function halved({ data, width, height }: Grey): Grey {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const top = 2 * y * width;
    for (let x = 0; x < w; x++) {
      const i = top + 2 * x;
      out[y * w + x] =
        ((data[i] as number) +
          (data[i + 1] as number) +
          (data[i + width] as number) +
          (data[i + width + 1] as number)) /
        4;
    }
  }
  return { data: out, width: w, height: h };
}

const ratio = (fine: number, coarse: number) => (coarse > 0 ? fine / coarse : 1);

/** The largest 4-connected patch of burnt-out pixels that keeps off the frame's edge, as a share. */
function innerGlarePatch({ data, width, height }: Grey): number {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  let largest = 0;
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || (data[start] as number) < SATURATED) continue;
    seen[start] = 1;
    stack.push(start);
    let size = 0;
    let touchesEdge = false;
    while (stack.length) {
      const i = stack.pop() as number;
      size++;
      const x = i % width;
      const y = (i - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge = true;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= seen.length || seen[j] || (data[j] as number) < SATURATED) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (!touchesEdge) largest = Math.max(largest, size);
  }
  return largest / Math.max(1, seen.length);
}

export function measurePhoto(grey: Grey): PhotoMetrics {
  const histogram = new Uint32Array(256);
  const { data } = grey;
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number;
    histogram[v] = (histogram[v] ?? 0) + 1;
    sum += v;
  }
  const n = Math.max(1, data.length);
  const percentile = (p: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v] ?? 0;
      if (seen >= p * n) return v;
    }
    return 255;
  };
  let saturated = 0;
  for (let v = SATURATED; v < 256; v++) saturated += histogram[v] ?? 0;
  const half = halved(grey);
  const quarter = halved(half);
  const [fx, fy] = gradientEnergy(grey);
  const [hx, hy] = gradientEnergy(half);
  const [qx, qy, strongEdges] = gradientEnergy(quarter);
  return {
    mean: sum / n,
    darkest: percentile(0.001),
    p5: percentile(0.05),
    p95: percentile(0.95),
    saturated: saturated / n,
    sharpness: [ratio(fx, hx), ratio(fy, hy)],
    coarseSharpness: [ratio(hx, qx), ratio(hy, qy)],
    coarseEnergy: (qx + qy) / 2,
    strongEdges,
    glarePatch: innerGlarePatch(quarter),
  };
}

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

/** A letterbox bar's pixels are all at most this bright (black, with JPEG's ringing). */
const BAR_MAX = 24;
/** Bars are cut off only when what is left is at least this share of that side. */
const BAR_MIN_CONTENT = 0.4;

/**
 * The photo without the black bars a client adds when it fits a frame of one shape into a capture
 * box of another (this app's own 9:16 box around a 4:3 phone camera, a webcam's 16:9 into a square).
 * Measured with them, their hard straight edges and flat black skew every number: a sharp 4:3 label
 * with bars above and below read as motion-blurred. Bars count only in pairs on opposite sides, so
 * a photo that is merely dark along one side (or dark all over) is measured whole.
 */
export function withoutLetterbox(grey: Grey): Grey {
  const { data, width, height } = grey;
  const rowIsBar = (y: number) => {
    for (let x = 0, i = y * width; x < width; x++, i++) if ((data[i] as number) > BAR_MAX) return false;
    return true;
  };
  const columnIsBar = (x: number) => {
    for (let y = 0, i = x; y < height; y++, i += width) if ((data[i] as number) > BAR_MAX) return false;
    return true;
  };
  const span = (size: number, isBar: (k: number) => boolean): [number, number] => {
    let first = 0;
    while (first < size && isBar(first)) first++;
    let last = size - 1;
    while (last > first && isBar(last)) last--;
    const paired = first > 0 && last < size - 1;
    return paired && last + 1 - first >= size * BAR_MIN_CONTENT ? [first, last + 1] : [0, size];
  };
  const [top, bottom] = span(height, rowIsBar);
  const [left, right] = span(width, columnIsBar);
  if (top === 0 && bottom === height && left === 0 && right === width) return grey;
  const w = right - left;
  const out = new Uint8Array(w * (bottom - top));
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < w; x++) out[(y - top) * w + x] = data[y * width + left + x] as number;
  }
  return { data: out, width: w, height: bottom - top };
}

/** Below this many pixels on its short side a photo is too small to measure: it is not judged. */
const MIN_MEASURABLE_SIDE = 48;

/**
 * The check on an upright photo: encoded (decoded here at the check's size, which JPEG's
 * shrink-on-load makes cheap) or the pixels an in-process engine reads anyway (only resized: the
 * photo is not decoded twice). Cubic resizing of the pixels gave the same verdicts as the JPEG
 * path on all 280 degraded fixture photos of bench:vision's set (linear flipped a motion blur),
 * in 7 ms instead of 11 (median).
 */
export async function assessPhoto(image: Buffer | RgbImage): Promise<PhotoQuality> {
  const fit = { fit: 'inside', withoutEnlargement: true } as const;
  const source = Buffer.isBuffer(image)
    ? sharp(image, { failOn: 'error' }).resize(ANALYSIS_SIDE, ANALYSIS_SIDE, fit)
    : rawInput(image).resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { ...fit, kernel: 'cubic' });
  // a photo kept as sent was never decoded before: a truncated one fails here first
  const { data, info } = await source
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((cause: unknown) => {
      throw new InvalidImageError({ cause });
    });
  const content = withoutLetterbox({ data, width: info.width, height: info.height });
  const metrics = measurePhoto(content);
  if (Math.min(content.width, content.height) < MIN_MEASURABLE_SIDE)
    return { problems: [], advice: [], metrics };
  return judgePhoto(metrics);
}
