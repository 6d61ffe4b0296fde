/**
 * The numbers the photo check judges, measured on a grey copy in one pass over the pixels and one
 * over each of a half- and a quarter-size copy.
 *
 * Sharpness: blur spreads each edge over several pixels, which lowers the gradient energy per
 * pixel far more at full resolution than at half (a sharp edge is one pixel wide at both sizes; an
 * edge blurred over w pixels carries 1/w of its energy). The ratio of mean squared gradients
 * full/half is ≈ 0.5–1 for a sharp photo and falls to ≈ 0.27 once edges span a few pixels, for any
 * content, so it needs no per-scene threshold. The same ratio one octave lower tells how far the
 * blur goes (mild, or nothing in focus: the phone is too close). Measured per direction, so motion
 * blur, which smears along one direction only, shows as one ratio much lower than the other.
 */

/** A grey image, one byte (or float, once averaged) a pixel, row by row. */
export interface Grey {
  data: ArrayLike<number>;
  width: number;
  height: number;
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

/** A pixel at least this bright is burnt out. */
const SATURATED = 250;
/** A step of this many grey levels between neighbours is a strong edge. */
const STRONG_EDGE = 24;

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
