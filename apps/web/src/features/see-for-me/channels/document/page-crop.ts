/**
 * The part of a frame the page is in, with a margin: what is read when a page is captured. The
 * OCR's detector shrinks a picture to 960 pixels along its longer side; the page alone keeps its
 * small print at the camera's own resolution and leaves the detector less to look at.
 */
import type { Pixels } from '../frame-print.ts';
import type { Bounds } from './page-finder.ts';

/** Kept around the page's outline, as a share of the frame: a corner found a little short is not cut. */
const MARGIN = 0.04;

export function cropToPage(pixels: Pixels, bounds: Bounds): Pixels {
  const left = Math.max(0, Math.round((bounds.left - MARGIN) * pixels.width));
  const top = Math.max(0, Math.round((bounds.top - MARGIN) * pixels.height));
  const right = Math.min(pixels.width, Math.round((bounds.right + MARGIN) * pixels.width));
  const bottom = Math.min(pixels.height, Math.round((bounds.bottom + MARGIN) * pixels.height));
  const width = right - left;
  const height = bottom - top;
  if (width <= 0 || height <= 0) return pixels;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * pixels.width + left) * 4;
    data.set(pixels.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { data, width, height };
}
