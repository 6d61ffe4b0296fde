import type { Pixels } from '../frame-print.ts';
import { LINEAR, labOfLinear, luminanceOf, type Lab } from './colour-space.ts';
import { inside, type Region } from './regions.ts';

/**
 * The light's colour, estimated from the whole frame, so a white shirt under a warm bulb or in
 * blue shade is still called white. Phone cameras balance their own picture, but a tungsten room
 * or a cloudy window still leaves a cast; this takes out what is left.
 *
 * Which pixels say what the light is: those whose colour could be a grey surface under a real
 * light, i.e. whose chromaticity lies near the line that daylight, shade and bulbs lie on (warm ↔
 * cool in log r/g, log b/g), bright enough to be measured and not clipped. Brighter ones count
 * more (a white wall tells more than a shadow: the white-patch idea, softened by averaging like
 * gray-world). A saturated garment filling the frame gives no such pixels and is left as it is.
 *
 * The thing being named does not vote on its own light: the pixels of the region it is in are left
 * out while the rest of the frame has enough of them (a khaki coat held up in a warm room would
 * otherwise count as more warm light, and come out grey). A beige or khaki garment that fills the
 * whole frame cannot be told from a white one under a warm bulb; it is corrected as if it were.
 */

/** Gains on linear R, G, B that turn the estimated light back into a neutral one. */
export type Gains = readonly [number, number, number];

export const NO_CORRECTION: Gains = [1, 1, 1];

/** The warm ↔ cool line of real lights in (ln r/g, ln b/g): tungsten lies at ≈ (0.8, −1.26). */
const LOCUS = (() => {
  const length = Math.hypot(0.63, 1);
  return { r: 0.63 / length, b: -1 / length };
})();
/** How far along the line (warm +, cool −) and off it (green ↔ magenta) a grey surface may lie. */
const WARMEST = 1.1;
const COOLEST = -0.7;
const OFF_LINE = 0.22;
/** Linear luminance under which a pixel is mostly noise; sRGB byte at which a channel clips. */
const DARKEST = 0.03;
const CLIPPED = 250;
/** With fewer candidate pixels than this share of the frame the light is not estimated. */
const LEAST_SHARE = 0.04;
/** About this many pixels are sampled, spread evenly over the frame. */
const SAMPLES = 6000;

/**
 * The light of `pixels` as gains that neutralise it (NO_CORRECTION when it cannot be told),
 * measured outside `subject` where enough of the frame there shows it.
 */
export function estimateGains(pixels: Pixels, subject?: Region): Gains {
  return (subject && lightOf(pixels, subject)) ?? lightOf(pixels) ?? NO_CORRECTION;
}

function lightOf(pixels: Pixels, subject?: Region): Gains | null {
  const { data, width, height } = pixels;
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / SAMPLES)));
  let weight = 0;
  let sumR = 0;
  let sumB = 0;
  let count = 0;
  let sampled = 0;
  for (let y = Math.floor(step / 2); y < height; y += step) {
    for (let x = Math.floor(step / 2); x < width; x += step) {
      if (subject && inside(subject, x, y)) continue;
      sampled += 1;
      const i = (y * width + x) * 4;
      const [R, G, B] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (R >= CLIPPED || G >= CLIPPED || B >= CLIPPED) continue;
      const r = LINEAR[R]!;
      const g = LINEAR[G]!;
      const b = LINEAR[B]!;
      const y_ = luminanceOf(r, g, b);
      if (y_ < DARKEST || r <= 0 || b <= 0) continue;
      const lr = Math.log(r / g);
      const lb = Math.log(b / g);
      const along = lr * LOCUS.r + lb * LOCUS.b;
      const off = lr * -LOCUS.b + lb * LOCUS.r;
      if (along > WARMEST || along < COOLEST || Math.abs(off) > OFF_LINE) continue;
      weight += y_;
      sumR += lr * y_;
      sumB += lb * y_;
      count += 1;
    }
  }
  if (count < sampled * LEAST_SHARE || weight === 0) return null;
  const lr = sumR / weight;
  const lb = sumB / weight;
  // the light's r, g, b; dividing by it makes it grey, scaling keeps its luminance
  const light = [Math.exp(lr), 1, Math.exp(lb)] as const;
  const keep = luminanceOf(...light);
  return [keep / light[0], keep / light[1], keep / light[2]];
}

/**
 * The CIELAB colour of the pixel at byte offset `i`, under the light the gains neutralise. A
 * channel the camera clipped was brighter than it shows: it is taken to be at least as bright as
 * the pixel's brightest unclipped channel (a highlight is at least as white as it looks), so a
 * white that clipped in red under a warm bulb stays white rather than turning green or cyan.
 */
export function balancedLab(data: Pixels['data'], i: number, gains: Gains): Lab {
  const [R, G, B] = [data[i]!, data[i + 1]!, data[i + 2]!];
  let r = LINEAR[R]! * gains[0];
  let g = LINEAR[G]! * gains[1];
  let b = LINEAR[B]! * gains[2];
  const [clippedR, clippedG, clippedB] = [R >= CLIPPED, G >= CLIPPED, B >= CLIPPED];
  if (clippedR || clippedG || clippedB) {
    const floor =
      clippedR && clippedG && clippedB ? 1 : Math.max(clippedR ? 0 : r, clippedG ? 0 : g, clippedB ? 0 : b);
    if (clippedR) r = Math.max(r, floor);
    if (clippedG) g = Math.max(g, floor);
    if (clippedB) b = Math.max(b, floor);
  }
  return labOfLinear(Math.min(1, r), Math.min(1, g), Math.min(1, b));
}
