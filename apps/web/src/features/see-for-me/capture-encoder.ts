/**
 * The capture's drawing and JPEG encoding, on whatever canvas the caller has: an OffscreenCanvas in
 * the capture worker (capture.worker.ts), a DOM canvas on the main thread where workers cannot draw.
 * Nothing here imports the protocol: the worker's bundle stays a few hundred bytes.
 */
import { cellsOf, FOCUS_SIDE, PRINT_SIDE, sharpnessOf, type ViewPrint } from './view-print.ts';

/** Spec §9: the capture canvas is 1080×1920 (portrait). */
const CAPTURE_SHORT_SIDE = 1080;
const CAPTURE_LONG_SIDE = 1920;

/** The i18n keys of the capture's failures (what the user hears). */
export type CaptureErrorKey = 'seeForMe.errors.canvasContext' | 'seeForMe.camera.streamNotReady';

export class CaptureError extends Error {
  override readonly name = 'CaptureError';
  constructor(readonly messageKey: CaptureErrorKey) {
    super(messageKey);
  }
}

/** What a preset asks of the picture sent (COMPRESSION_PRESETS in the protocol). */
export interface EncodeOptions {
  maxSide: number;
  quality: number;
}

/** What drawing needs of a 2D context: a DOM canvas's and an OffscreenCanvas's both have it. */
export type CaptureContext = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'fillRect' | 'drawImage' | 'imageSmoothingQuality'
> &
  // a canvas that cannot be read back gives no view print: the view then always counts as new
  Partial<Pick<CanvasRenderingContext2D, 'getImageData'>>;

/** A canvas of either kind: something to draw on, to draw from, and to encode. */
export interface CaptureCanvas {
  readonly image: CanvasImageSource;
  readonly context: CaptureContext | null;
  jpeg(quality: number): Promise<Blob>;
}

export type CanvasMaker = (width: number, height: number) => CaptureCanvas;

/**
 * The capture box: 1080×1920 in the frame's own orientation (portrait phones give 1080×1920, a
 * landscape webcam 1920×1080). The frame is fitted by CONTAIN, never cropped: for recognition the
 * edges matter (a sign half out of view, a kerb at the side), and matching the box to the frame's
 * orientation means a 9:16 or 16:9 camera fills it with no bars at all.
 */
export function captureBox(
  width: number,
  height: number,
): { width: number; height: number; dx: number; dy: number; dw: number; dh: number } {
  const portrait = height >= width;
  const boxW = portrait ? CAPTURE_SHORT_SIDE : CAPTURE_LONG_SIDE;
  const boxH = portrait ? CAPTURE_LONG_SIDE : CAPTURE_SHORT_SIDE;
  const scale = Math.min(boxW / width, boxH / height);
  const dw = Math.round(width * scale);
  const dh = Math.round(height * scale);
  return {
    width: boxW,
    height: boxH,
    dx: Math.round((boxW - dw) / 2),
    dy: Math.round((boxH - dh) / 2),
    dw,
    dh,
  };
}

/** The size a preset sends: the longer side capped at the preset's max side (never enlarged). */
export function presetSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The JPEG sent, and the print of the view it shows (null where the canvas cannot be read). */
export interface EncodedCapture {
  jpeg: Blob;
  view: ViewPrint | null;
}

/**
 * The print of what `canvas` (width × height) shows (view-print.ts): drawn down to a few hundred
 * cells, and its centre copied pixel for pixel to measure the focus.
 */
function viewPrintOf(
  canvas: CaptureCanvas,
  width: number,
  height: number,
  makeCanvas: CanvasMaker,
): ViewPrint | null {
  const print = makeCanvas(PRINT_SIDE, PRINT_SIDE).context;
  const focus = makeCanvas(FOCUS_SIDE, FOCUS_SIDE).context;
  if (!print?.getImageData || !focus?.getImageData) return null;
  print.imageSmoothingQuality = 'high';
  print.drawImage(canvas.image, 0, 0, PRINT_SIDE, PRINT_SIDE);
  const sx = Math.max(0, Math.round((width - FOCUS_SIDE) / 2));
  const sy = Math.max(0, Math.round((height - FOCUS_SIDE) / 2));
  focus.drawImage(canvas.image, sx, sy, FOCUS_SIDE, FOCUS_SIDE, 0, 0, FOCUS_SIDE, FOCUS_SIDE);
  return {
    cells: cellsOf(print.getImageData(0, 0, PRINT_SIDE, PRINT_SIDE).data),
    sharpness: sharpnessOf(focus.getImageData(0, 0, FOCUS_SIDE, FOCUS_SIDE).data, FOCUS_SIDE),
  };
}

/**
 * Draws the frame into the 1080×1920 capture canvas, then scales it to the preset's max side and
 * encodes it as JPEG. The full-size canvas is kept as a canvas rather than encoded and decoded
 * again: one JPEG pass instead of two saves ~100 ms on a phone and avoids stacking compression
 * artefacts on text. The view's print is taken from the scaled canvas.
 */
export async function encodeCapture(
  frame: CanvasImageSource,
  frameWidth: number,
  frameHeight: number,
  options: EncodeOptions,
  makeCanvas: CanvasMaker,
): Promise<EncodedCapture> {
  const box = captureBox(frameWidth, frameHeight);
  const full = makeCanvas(box.width, box.height);
  const ctx = full.context;
  if (!ctx) throw new CaptureError('seeForMe.errors.canvasContext');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, box.width, box.height);
  ctx.drawImage(frame, box.dx, box.dy, box.dw, box.dh);

  const out = presetSize(box.width, box.height, options.maxSide);
  let target = full;
  if (out.width !== box.width || out.height !== box.height) {
    target = makeCanvas(out.width, out.height);
    const small = target.context;
    if (!small) throw new CaptureError('seeForMe.errors.canvasContext');
    small.imageSmoothingQuality = 'high';
    small.drawImage(full.image, 0, 0, out.width, out.height);
  }
  const view = viewPrintOf(target, out.width, out.height, makeCanvas);
  return { jpeg: await target.jpeg(options.quality), view };
}

/** The blob's bytes as base64, without the `data:` prefix (the browser encodes them natively). */
export function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('could not read the captured image'));
    reader.readAsDataURL(blob);
  });
}
