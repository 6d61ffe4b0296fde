import { COMPRESSION_PRESETS, type CompressionPreset } from '@sfm/protocol';

/** Spec §9: the capture canvas is 1080×1920 (portrait). */
const CAPTURE_SHORT_SIDE = 1080;
const CAPTURE_LONG_SIDE = 1920;

export class CaptureError extends Error {
  override readonly name = 'CaptureError';
  constructor(readonly messageKey: 'seeForMe.errors.canvasContext' | 'seeForMe.camera.streamNotReady') {
    super(messageKey);
  }
}

export interface FrameSource {
  /** The video (or any drawable) and its intrinsic size. */
  source: CanvasImageSource;
  width: number;
  height: number;
}

export type CanvasFactory = (width: number, height: number) => HTMLCanvasElement;

const defaultCanvas: CanvasFactory = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

/**
 * The capture box: 1080×1920 in the frame's own orientation (portrait phones give 1080×1920, a
 * landscape webcam 1920×1080). The frame is fitted by CONTAIN, never cropped: for recognition the
 * edges matter (a sign half out of view, a kerb at the side), and matching the box to the frame's
 * orientation means a 9:16 or 16:9 camera fills it with no bars at all.
 */
function captureBox(
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
function presetSize(
  width: number,
  height: number,
  preset: CompressionPreset,
): { width: number; height: number } {
  const scale = Math.min(1, COMPRESSION_PRESETS[preset].maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Draws the frame into the 1080×1920 capture canvas, then scales it to the preset's max side and
 * encodes JPEG q0.8; returns base64 without the `data:` prefix. The full-size canvas is kept as a
 * canvas rather than encoded and decoded again: one JPEG pass instead of two saves ~100 ms on a
 * phone and avoids stacking compression artefacts on text.
 */
export function captureFrame(
  frame: FrameSource,
  preset: CompressionPreset,
  makeCanvas: CanvasFactory = defaultCanvas,
): string {
  const box = captureBox(frame.width, frame.height);
  const full = makeCanvas(box.width, box.height);
  const ctx = full.getContext('2d');
  if (!ctx) throw new CaptureError('seeForMe.errors.canvasContext');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, box.width, box.height);
  ctx.drawImage(frame.source, box.dx, box.dy, box.dw, box.dh);

  const out = presetSize(box.width, box.height, preset);
  let target = full;
  if (out.width !== box.width || out.height !== box.height) {
    target = makeCanvas(out.width, out.height);
    const small = target.getContext('2d');
    if (!small) throw new CaptureError('seeForMe.errors.canvasContext');
    small.imageSmoothingQuality = 'high';
    small.drawImage(full, 0, 0, out.width, out.height);
  }
  const dataUrl = target.toDataURL('image/jpeg', COMPRESSION_PRESETS[preset].quality);
  const comma = dataUrl.indexOf(',');
  return comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}
