import type { LiveFrame } from '../../src/features/see-for-me/channels/live-channel.ts';

/**
 * Camera frames the tests paint themselves (plain RGBA, as an ImageData holds them): solid and
 * patterned garments in a room, under warm and cool light, dark and bright. No files, no canvas.
 */

export type Rgb = readonly [number, number, number];
export type Painter = (x: number, y: number) => Rgb;

export interface PaintedFrame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export const hex = (code: string): Rgb => {
  const n = Number.parseInt(code.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

export function paint(width: number, height: number, painter: Painter): PaintedFrame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = painter(x, y);
      const i = (y * width + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

export const solid =
  (colour: Rgb): Painter =>
  () =>
    colour;

/** Stripes of `a` and `b`, each `band` pixels wide, running across (`rows`) or down (`columns`). */
export const stripes =
  (a: Rgb, b: Rgb, band: number, along: 'rows' | 'columns' = 'rows'): Painter =>
  (x, y) =>
    Math.floor((along === 'rows' ? y : x) / band) % 2 ? b : a;

/** A checkerboard of `a` and `b` squares `band` pixels wide. */
export const checks =
  (a: Rgb, b: Rgb, band: number): Painter =>
  (x, y) =>
    (Math.floor(x / band) + Math.floor(y / band)) % 2 ? b : a;

/** A plaid: stripes of `b` across and down over `a`, crossing in `c`. */
export const plaid =
  (a: Rgb, b: Rgb, c: Rgb, band: number): Painter =>
  (x, y) => {
    const across = Math.floor(y / band) % 3 === 0;
    const down = Math.floor(x / band) % 3 === 0;
    if (across && down) return c;
    return across || down ? b : a;
  };

/** Small flowers of `petal` with a `heart` scattered irregularly on `ground` (not on a grid). */
export const flowers =
  (ground: Rgb, petal: Rgb, heart: Rgb, size: number): Painter =>
  (x, y) => {
    const cell = size * 3;
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    // a flower's place in its cell wanders with the cell, so nothing repeats at one period
    const jitter = (n: number) => ((n * 7919) % 13) / 13;
    const fx = (cx + 0.2 + 0.6 * jitter(cx * 31 + cy * 17)) * cell;
    const fy = (cy + 0.2 + 0.6 * jitter(cx * 11 + cy * 29 + 5)) * cell;
    const d = Math.hypot(x - fx, y - fy);
    if (d < size * 0.35) return heart;
    return d < size ? petal : ground;
  };

/**
 * A garment held up in a room: `garment` fills a centred rectangle of `share` of each side; around
 * it an off-white wall above, a wooden door at the left, a grey floor below and a dark doormat.
 */
export const inRoom = (width: number, height: number, garment: Painter, share = 0.6): Painter => {
  const [door, wall, floor, mat] = ['#8b5a2b', '#e4e2de', '#8c8c8c', '#333333'].map(hex);
  const left = (width * (1 - share)) / 2;
  const top = (height * (1 - share)) / 2;
  return (x, y) => {
    if (x >= left && x < width - left && y >= top && y < height - top) return garment(x, y);
    if (x < width * 0.12) return door!;
    if (y < height * 0.55) return wall!;
    return y > height * 0.9 ? mat! : floor!;
  };
};

/**
 * Light colours, as factors on each channel's linear light (a camera's sensor sees the light's
 * colour before the picture is gamma-encoded): a warm bulb, and a cool overcast window.
 */
export const NEUTRAL_LIGHT: Rgb = [1, 1, 1];
export const WARM_LIGHT: Rgb = [1, 0.72, 0.4];
export const COOL_LIGHT: Rgb = [0.64, 0.8, 1];

const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const toByte = (linear: number) => {
  const c = Math.min(1, Math.max(0, linear));
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
};

/**
 * The frame as a camera would see it under `light`: every channel's linear light scaled, at an
 * exposure that keeps a white surface as bright as under neutral light (a camera adjusts it; bright
 * colours then clip, as they do), times `exposure`, then a little sensor noise (the same for the
 * same frame: a fixed pseudo-random sequence).
 */
export function underLight(
  frame: PaintedFrame,
  light: Rgb,
  { exposure = 1, noise = 3 }: { exposure?: number; noise?: number } = {},
): PaintedFrame {
  const white = 0.2126 * light[0] + 0.7152 * light[1] + 0.0722 * light[2];
  // per channel, what each byte becomes (a table: the same 256 values recur over the frame)
  const lit = light.map((factor) =>
    Array.from({ length: 256 }, (_, v) => toByte(toLinear(v) * (factor / white) * exposure)),
  );
  const data = new Uint8ClampedArray(frame.data.length);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648 - 0.5;
  };
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c += 1) {
      data[i + c] = lit[c]![frame.data[i + c]!]! + random() * 2 * noise;
    }
    data[i + 3] = 255;
  }
  return { data, width: frame.width, height: frame.height };
}

/**
 * A painted frame as the live scene hands it to a channel. The channels read only data, width and
 * height, which is all a painted frame has of an ImageData.
 */
export const liveFrame = (frame: PaintedFrame, grabbedAt = 0): LiveFrame => ({
  pixels: frame as unknown as ImageData,
  grabbedAt,
});
