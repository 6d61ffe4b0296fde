import type { Pixels } from '../frame-print.ts';

/** A rectangle of the frame, in pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A garment held up to the camera fills about this share of each side of the view. */
const GARMENT_SHARE = 0.5;

function centredBox({ width, height }: Pixels, boxWidth: number, boxHeight: number): Region {
  const w = Math.max(1, Math.min(width, boxWidth));
  const h = Math.max(1, Math.min(height, boxHeight));
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

/** The centred square whose side is `share` of the frame's shorter side (at least `smallest`). */
export function centreSquare(pixels: Pixels, share: number, smallest = 1): Region {
  const side = Math.max(smallest, Math.round(Math.min(pixels.width, pixels.height) * share));
  return centredBox(pixels, side, side);
}

/** The central region a garment held up fills: its colours and pattern are read here. */
export const garmentRegion = (pixels: Pixels): Region =>
  centredBox(pixels, Math.round(pixels.width * GARMENT_SHARE), Math.round(pixels.height * GARMENT_SHARE));

export const inside = (region: Region, x: number, y: number): boolean =>
  x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height;
