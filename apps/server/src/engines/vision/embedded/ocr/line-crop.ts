/**
 * Cuts a text box out of the photo straight into the recogniser's input: one bilinear pass maps
 * each output pixel through the box's affine frame, so cropping, straightening, scaling to the
 * model's 48 px line height and normalising need no intermediate images (the upstream path ran
 * OpenCV and two sharp round trips per box). Values are PaddleOCR's: planar BGR, x / 127.5 − 1.
 */
import { quadHeight, quadWidth, type Point, type Quad } from './quad.ts';
import type { RgbImage } from '../../image-pipeline.ts';

/** The recogniser's fixed input height. */
export const LINE_HEIGHT = 48;
/** PaddleOCR turns a box this much taller than wide a quarter turn before reading it. */
const VERTICAL_ASPECT = 1.5;

/**
 * The box with its corners renamed so its "top edge" runs along the text: vertical boxes are
 * turned a quarter turn counter-clockwise (PaddleOCR's rot90), horizontal ones kept.
 */
export function readingFrame(quad: Quad): Quad {
  return quadHeight(quad) >= quadWidth(quad) * VERTICAL_ASPECT ? [quad[1], quad[2], quad[3], quad[0]] : quad;
}

/** Width over height of a box in its reading frame. */
export function readingAspect(quad: Quad): number {
  const frame = readingFrame(quad);
  return quadWidth(frame) / Math.max(1, quadHeight(frame));
}

/** The recogniser input [3, LINE_HEIGHT, width] for `quad` of `image`. */
export function sampleLine(image: RgbImage, quad: Quad, width: number): Float32Array {
  const [tl, tr, , bl] = readingFrame(quad) as [Point, Point, Point, Point];
  const plane = LINE_HEIGHT * width;
  const data = new Float32Array(3 * plane);
  const maxX = image.width - 1;
  const maxY = image.height - 1;
  const px = image.data;
  const ux = (tr[0] - tl[0]) / width;
  const uy = (tr[1] - tl[1]) / width;
  const vx = (bl[0] - tl[0]) / LINE_HEIGHT;
  const vy = (bl[1] - tl[1]) / LINE_HEIGHT;
  for (let v = 0; v < LINE_HEIGHT; v++) {
    const rowX = tl[0] + (v + 0.5) * vx + 0.5 * ux;
    const rowY = tl[1] + (v + 0.5) * vy + 0.5 * uy;
    for (let u = 0; u < width; u++) {
      const sx = Math.min(Math.max(rowX + u * ux, 0), maxX);
      const sy = Math.min(Math.max(rowY + u * uy, 0), maxY);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(x0 + 1, maxX);
      const y1 = Math.min(y0 + 1, maxY);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * image.width + x0) * 3;
      const i01 = (y0 * image.width + x1) * 3;
      const i10 = (y1 * image.width + x0) * 3;
      const i11 = (y1 * image.width + x1) * 3;
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      const out = v * width + u;
      for (let c = 0; c < 3; c++) {
        // output plane c is B, G, R: source channel 2 − c
        const s = 2 - c;
        const value =
          (px[i00 + s] as number) * w00 +
          (px[i01 + s] as number) * w01 +
          (px[i10 + s] as number) * w10 +
          (px[i11 + s] as number) * w11;
        data[out + c * plane] = value / 127.5 - 1;
      }
    }
  }
  return data;
}
