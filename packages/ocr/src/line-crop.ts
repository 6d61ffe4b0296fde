/**
 * Cuts a text line out of the photo straight into the recogniser's input: one bilinear pass maps
 * each output pixel through the line's strip (strip.ts), so cropping, straightening, unbending a
 * curved line, scaling to the model's 48 px line height and normalising need no intermediate
 * images (the upstream path ran OpenCV and two sharp round trips per box). Values are PaddleOCR's:
 * planar BGR, x / 127.5 − 1.
 */
import { centreOf, type Strip } from './strip.ts';
import { distance, type Point } from './quad.ts';
import type { RgbImage } from './image.ts';

/** The recogniser's fixed input height. */
export const LINE_HEIGHT = 48;

/**
 * The recogniser input [3, LINE_HEIGHT, width] for `strip` of `image`. Input columns are spread
 * evenly along the strip's centre line; each samples the cut interpolated between the two cuts
 * around it, top to bottom.
 */
export function sampleLine(image: RgbImage, strip: Strip, width: number): Float32Array {
  const plane = LINE_HEIGHT * width;
  const data = new Float32Array(3 * plane);
  const maxX = image.width - 1;
  const maxY = image.height - 1;
  const px = image.data;
  const along = [0];
  const centre = centreOf(strip);
  for (let i = 1; i < centre.length; i++)
    along.push((along[i - 1] as number) + distance(centre[i - 1] as Point, centre[i] as Point));
  const total = along[along.length - 1] as number;
  let cut = 0;
  for (let u = 0; u < width; u++) {
    const at = ((u + 0.5) / width) * total;
    while (cut < along.length - 2 && (along[cut + 1] as number) < at) cut++;
    const from = along[cut] as number;
    const t = Math.min(1, (at - from) / Math.max(1e-9, (along[cut + 1] as number) - from));
    const [t0, t1, b0, b1] = [
      strip.top[cut],
      strip.top[cut + 1],
      strip.bottom[cut],
      strip.bottom[cut + 1],
    ] as [Point, Point, Point, Point];
    const topX = t0[0] + t * (t1[0] - t0[0]);
    const topY = t0[1] + t * (t1[1] - t0[1]);
    const downX = b0[0] + t * (b1[0] - b0[0]) - topX;
    const downY = b0[1] + t * (b1[1] - b0[1]) - topY;
    for (let v = 0; v < LINE_HEIGHT; v++) {
      const f = (v + 0.5) / LINE_HEIGHT;
      const sx = Math.min(Math.max(topX + f * downX, 0), maxX);
      const sy = Math.min(Math.max(topY + f * downY, 0), maxY);
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
