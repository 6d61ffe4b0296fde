import type { Pixels } from '../frame-print.ts';

/** What the code finder's two scans share: the frame made small and grey, binarized, and its runs. */
/** The side the finder works at: a code's modules are still two pixels or more at reading distance. */
export const WORK_SIDE = 640;
/** Rows looked at: every other one is enough for shapes several pixels tall. */
export const ROW_STEP = 2;

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function downscaledGrey({ data, width, height }: Pixels, side: number): Grey {
  const scale = Math.min(1, side / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const sy0 = Math.floor((y * height) / h);
    const sy1 = Math.max(sy0 + 1, Math.floor(((y + 1) * height) / h));
    for (let x = 0; x < w; x += 1) {
      const sx0 = Math.floor((x * width) / w);
      const sx1 = Math.max(sx0 + 1, Math.floor(((x + 1) * width) / w));
      let sum = 0;
      let n = 0;
      for (let sy = sy0; sy < sy1; sy += 1) {
        for (let sx = sx0; sx < sx1; sx += 1) {
          const i = (sy * width + sx) * 4;
          // luma (BT.601) in integers
          sum += (data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8;
          n += 1;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * 1 where a pixel is darker than its neighbourhood's mean: a window wider than a finder pattern,
 * so the pattern's solid centre is dark against its own ring, and uneven light does not matter.
 */
export function binarize({ data, width, height }: Grey): Uint8Array {
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += data[y * width + x]!;
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1]! + row;
    }
  }
  const radius = Math.max(8, Math.round(Math.max(width, height) / 12));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const w = width + 1;
      const sum =
        integral[y1 * w + x1]! - integral[y0 * w + x1]! - integral[y1 * w + x0]! + integral[y0 * w + x0]!;
      const mean = sum / ((y1 - y0) * (x1 - x0));
      out[y * width + x] = data[y * width + x]! < mean - MIN_CONTRAST ? 1 : 0;
    }
  }
  return out;
}
/** Grey levels below the local mean that count as dark (sensor noise on a plain surface does not). */
export const MIN_CONTRAST = 6;

export function transpose(bits: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) out[x * height + y] = bits[y * width + x]!;
  return out;
}

/** A row's runs: start positions and lengths, the first run's colour. */
export function runsOf(bits: Uint8Array, offset: number, length: number) {
  const starts: number[] = [];
  const lengths: number[] = [];
  let start = 0;
  for (let x = 1; x <= length; x += 1) {
    if (x === length || bits[offset + x] !== bits[offset + start]) {
      starts.push(start);
      lengths.push(x - start);
      start = x;
    }
  }
  return { starts, lengths, firstDark: bits[offset] === 1 };
}

// --- QR finder patterns -------------------------------------------------------------------------
