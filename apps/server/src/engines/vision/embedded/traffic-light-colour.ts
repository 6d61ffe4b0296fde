/**
 * Which lamp of a detected traffic light is lit, from the pixels inside its box: lit lamps are
 * bright and saturated; their hue says red, yellow or green. Only a clear majority of enough lit
 * pixels gives an answer — otherwise null, and the caller says it cannot tell (a wrong colour
 * could send someone into traffic).
 */
import type { Box } from '@sfm/ocr';
import type { RgbImage } from '../image-pipeline.ts';

export type LightColour = 'red' | 'yellow' | 'green';

/** At least this share of the box must be lit lamp pixels, and one colour must hold this share of them. */
const MIN_LIT_SHARE = 0.02;
const MIN_DOMINANCE = 0.7;
/** Boxes smaller than this (pixels per side) hold too few pixels to judge. */
const MIN_SIDE_PX = 6;

function hueOf(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

function colourOfHue(h: number): LightColour | null {
  if (h < 20 || h >= 330) return 'red';
  if (h >= 30 && h < 65) return 'yellow';
  // signal "green" lamps are often blue-green
  if (h >= 90 && h < 200) return 'green';
  return null;
}

/** Classifies RGB pixels (3 bytes each); exported for tests. */
export function litColourOfPixels(rgb: Uint8Array): LightColour | null {
  const counts: Record<LightColour, number> = { red: 0, yellow: 0, green: 0 };
  const pixels = Math.floor(rgb.length / 3);
  let lit = 0;
  for (let i = 0; i < pixels * 3; i += 3) {
    const r = rgb[i] ?? 0;
    const g = rgb[i + 1] ?? 0;
    const b = rgb[i + 2] ?? 0;
    const max = Math.max(r, g, b);
    const saturation = max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    if (max < 150 || saturation < 0.45) continue;
    const colour = colourOfHue(hueOf(r, g, b));
    if (!colour) continue;
    counts[colour]++;
    lit++;
  }
  if (pixels === 0 || lit / pixels < MIN_LIT_SHARE) return null;
  const [best, n] = (Object.entries(counts) as [LightColour, number][]).sort((a, b) => b[1] - a[1])[0] ?? [];
  return best && n !== undefined && n / lit >= MIN_DOMINANCE ? best : null;
}

/** Lit colour inside a normalised box of a decoded image, or null when it cannot be told. */
export function trafficLightColour(image: RgbImage, box: Box): LightColour | null {
  const { width, height } = image;
  const left = Math.max(0, Math.floor(box.x * width));
  const top = Math.max(0, Math.floor(box.y * height));
  const w = Math.min(width - left, Math.ceil(box.width * width));
  const h = Math.min(height - top, Math.ceil(box.height * height));
  if (w < MIN_SIDE_PX || h < MIN_SIDE_PX) return null;
  const pixels = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const start = ((top + y) * width + left) * 3;
    pixels.set(image.data.subarray(start, start + w * 3), y * w * 3);
  }
  return litColourOfPixels(pixels);
}
