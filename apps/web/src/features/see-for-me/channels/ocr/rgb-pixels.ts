/**
 * Pixels as the OCR stages read them (@sfm/ocr's RgbImage: 3 bytes a pixel), from a camera frame's
 * RGBA, and the resize the detector asks for. Plain loops, so they run in the worker as they run in
 * the tests.
 */
import type { RgbImage } from '@sfm/ocr';

/** RGBA pixels: a frame's ImageData, or anything shaped like it. */
export interface RgbaPixels {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** The frame without its alpha channel (a copy: the frame itself is left as it was). */
export function rgbOf(pixels: RgbaPixels): RgbImage {
  const count = pixels.width * pixels.height;
  const data = new Uint8Array(count * 3);
  const rgba = pixels.data;
  for (let p = 0, i = 0, o = 0; p < count; p++, i += 4, o += 3) {
    data[o] = rgba[i] as number;
    data[o + 1] = rgba[i + 1] as number;
    data[o + 2] = rgba[i + 2] as number;
  }
  return { data, width: pixels.width, height: pixels.height };
}

/**
 * `image` scaled to exactly width × height. Each output pixel averages the source pixels it covers
 * (a box filter) when shrinking, so thin strokes are not lost between samples, and interpolates
 * between its neighbours (bilinear) when growing; the detector only ever rounds a side to its stride.
 */
export function resizeRgb(image: RgbImage, width: number, height: number): RgbImage {
  if (width === image.width && height === image.height) return image;
  const out = new Uint8Array(width * height * 3);
  const sx = image.width / width;
  const sy = image.height / height;
  const src = image.data;
  const rowStride = image.width * 3;
  for (let y = 0; y < height; y++) {
    const [y0, y1] = span(y, sy, image.height);
    for (let x = 0; x < width; x++) {
      const [x0, x1] = span(x, sx, image.width);
      const o = (y * width + x) * 3;
      if (x1 - x0 <= 1 && y1 - y0 <= 1) {
        bilinear(image, (x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5, out, o);
        continue;
      }
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let i = yy * rowStride + x0 * 3, end = yy * rowStride + x1 * 3; i < end; i += 3) {
          r += src[i] as number;
          g += src[i + 1] as number;
          b += src[i + 2] as number;
        }
      }
      const n = (x1 - x0) * (y1 - y0);
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
    }
  }
  return { data: out, width, height };
}

/** The source pixels [start, end) that output pixel `i` covers along one axis (at least one). */
function span(i: number, scale: number, size: number): [number, number] {
  const start = Math.min(size - 1, Math.floor(i * scale));
  return [start, Math.max(start + 1, Math.min(size, Math.floor((i + 1) * scale)))];
}

function bilinear(image: RgbImage, fx: number, fy: number, out: Uint8Array, o: number): void {
  const x = Math.min(Math.max(fx, 0), image.width - 1);
  const y = Math.min(Math.max(fy, 0), image.height - 1);
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const ax = x - x0;
  const ay = y - y0;
  const src = image.data;
  for (let c = 0; c < 3; c++) {
    const at = (px: number, py: number) => src[(py * image.width + px) * 3 + c] as number;
    const top = at(x0, y0) * (1 - ax) + at(x1, y0) * ax;
    const low = at(x0, y1) * (1 - ax) + at(x1, y1) * ax;
    out[o + c] = Math.round(top * (1 - ay) + low * ay);
  }
}
