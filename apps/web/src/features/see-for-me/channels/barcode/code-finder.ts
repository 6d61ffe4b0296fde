import type { Pixels } from '../frame-print.ts';
import { barRegions } from './bar-regions.ts';
import { binarize, downscaledGrey, transpose, WORK_SIDE, type PixelBox } from './code-runs.ts';
import { finderPatternRegions } from './finder-patterns.ts';

/** A region of the frame, each side as a share (0..1) of the frame's width or height. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Detection before recognition: where something code-like is, found cheaply on the frame, so the
 * user hears a code coming into view and where it is before the decoder can read it (cut off at an
 * edge, too small or blurred yet). Two shapes are looked for: a QR code's finder pattern (dark,
 * light, dark ×3, light, dark across both axes: a square in a ring) and a linear code's bars (a row
 * of many short dark and light runs that repeats, shifted at most a little, on the rows below it,
 * which lines of text do not do). Columns are scanned as rows of the transposed frame, so bars at
 * any angle are found by one scan or the other.
 */
export function findCodeRegions(image: Pixels): Box[] {
  const grey = downscaledGrey(image, WORK_SIDE);
  const dark = binarize(grey);
  const { width, height } = grey;
  const toShare = (b: PixelBox): Box => ({
    left: b.x0 / width,
    top: b.y0 / height,
    right: b.x1 / width,
    bottom: b.y1 / height,
  });
  const transposed = transpose(dark, width, height);
  return [
    ...finderPatternRegions(dark, width, height),
    ...barRegions(dark, width, height),
    ...barRegions(transposed, height, width).map(({ x0, y0, x1, y1 }) => ({
      x0: y0,
      y0: x0,
      x1: y1,
      y1: x1,
    })),
  ].map(toShare);
}
