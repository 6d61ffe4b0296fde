/**
 * The reader's results (@sfm/ocr) as the OCR client answers them: boxes and lines in the frame's
 * pixels.
 */
import type { DetectedBox, ReadingLine } from '@sfm/ocr';
import type { DetectedLine, OcrLine } from './ocr-types.ts';

/** A direction folded to (−π/2, π/2]: a line's axis, whichever end it starts at. */
function axisAngle(dx: number, dy: number): number {
  const angle = Math.atan2(dy, dx);
  if (angle > Math.PI / 2) return angle - Math.PI;
  if (angle <= -Math.PI / 2) return angle + Math.PI;
  return angle;
}

export function detectedLine({ quad, score }: DetectedBox): DetectedLine {
  const xs = quad.map(([x]) => x);
  const ys = quad.map(([, y]) => y);
  const [a, b, c] = quad;
  const top = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const side = Math.hypot(c[0] - b[0], c[1] - b[1]);
  // the longer side runs along the line
  const angle = top >= side ? axisAngle(b[0] - a[0], b[1] - a[1]) : axisAngle(c[0] - b[0], c[1] - b[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y, angle, score };
}

/** Lines read (their places normalised to the frame) in the pixels of a width × height frame. */
export function inFramePixels(lines: readonly ReadingLine[], width: number, height: number): OcrLine[] {
  return lines.map(({ text, score, frame, row }) => ({
    text,
    score,
    box: {
      x: frame.x * width,
      y: frame.y * height,
      width: frame.width * width,
      height: frame.height * height,
    },
    row,
  }));
}
