import type { Grey } from './photo-metrics.ts';

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
