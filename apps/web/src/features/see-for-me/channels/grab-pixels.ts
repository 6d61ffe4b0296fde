import type { FrameSource } from '../capture.ts';

let canvas: HTMLCanvasElement | OffscreenCanvas | null = null;

/** One canvas for every frame, read often (willReadFrequently keeps it on the CPU, where reads are cheap). */
function context(
  width: number,
  height: number,
): OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null {
  canvas ??=
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(width, height)
      : document.createElement('canvas');
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  return canvas.getContext('2d', { willReadFrequently: true }) as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
}

/**
 * The camera's picture as RGBA pixels, scaled (never up) so its longer side is at most `maxSide`:
 * what a live channel looks at. Null when the camera gives no picture yet.
 */
export function grabPixels(frame: FrameSource, maxSide: number): ImageData | null {
  if (!frame.width || !frame.height) return null;
  const scale = Math.min(1, maxSide / Math.max(frame.width, frame.height));
  const width = Math.max(1, Math.round(frame.width * scale));
  const height = Math.max(1, Math.round(frame.height * scale));
  const ctx = context(width, height);
  if (!ctx) return null;
  ctx.drawImage(frame.source, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}
