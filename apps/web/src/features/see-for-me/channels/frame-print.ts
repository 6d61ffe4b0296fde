import { FOCUS_SIDE, PRINT_SIDE, sharpnessOf, type ViewPrint } from '../view-print.ts';

/** RGBA pixels with their size: an ImageData, or a plain object of the same shape (tests, workers). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * The print (view-print.ts) of a live frame, made from its pixels: each cell the mean of its block,
 * the sharpness measured on the centre square (at most FOCUS_SIDE, the frame's own scale). A live
 * channel compares it with the last frame it analysed, so the same view is not looked at again.
 */
export function printOfPixels(image: Pixels): ViewPrint {
  const { data, width, height } = image;
  const cells = new Uint8Array(PRINT_SIDE * PRINT_SIDE * 3);
  for (let cy = 0; cy < PRINT_SIDE; cy += 1) {
    const y0 = Math.floor((cy * height) / PRINT_SIDE);
    const y1 = Math.max(y0 + 1, Math.floor(((cy + 1) * height) / PRINT_SIDE));
    for (let cx = 0; cx < PRINT_SIDE; cx += 1) {
      const x0 = Math.floor((cx * width) / PRINT_SIDE);
      const x1 = Math.max(x0 + 1, Math.floor(((cx + 1) * width) / PRINT_SIDE));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let y = y0; y < y1 && y < height; y += 1) {
        for (let x = x0; x < x1 && x < width; x += 1) {
          const i = (y * width + x) * 4;
          r += data[i]!;
          g += data[i + 1]!;
          b += data[i + 2]!;
          n += 1;
        }
      }
      const c = (cy * PRINT_SIDE + cx) * 3;
      cells[c] = n ? r / n : 0;
      cells[c + 1] = n ? g / n : 0;
      cells[c + 2] = n ? b / n : 0;
    }
  }
  return { cells, sharpness: sharpnessOf(centreSquare(image), Math.min(FOCUS_SIDE, width, height)) };
}

/** The RGBA square of side min(FOCUS_SIDE, width, height) at the frame's centre. */
function centreSquare({ data, width, height }: Pixels): Uint8ClampedArray {
  const side = Math.min(FOCUS_SIDE, width, height);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const out = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y += 1) {
    const from = ((top + y) * width + left) * 4;
    out.set(data.subarray(from, from + side * 4), y * side * 4);
  }
  return out;
}
