/** What the OCR client answers (ocr-client.ts), in the pixels of the frame it was given. */

/** An axis-aligned box in the frame's pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A text line found, not yet read. */
export interface DetectedLine extends PixelBox {
  /**
   * The line's direction in radians, image axes (0 runs left to right, π/2 downwards), folded to
   * (−π/2, π/2]: which end reads first is known only once it is read.
   */
  angle: number;
  /** The detector's confidence that this is text, 0..1. */
  score: number;
}

/** A text line read. Lines come in reading order; `row` numbers the rows from 0. */
export interface OcrLine {
  /** The text, English words spaced. */
  text: string;
  /** Recogniser confidence 0..1. */
  score: number;
  box: PixelBox;
  row: number;
}

/**
 * How much of the frame is read: 'prominent' the largest lines only (at most 12, letters taller than
 * a few pixels), found at the detector's smaller size (fast: signs, labels, screens); 'all' every
 * line at PaddleOCR's default size (a page).
 */
export type OcrExtent = 'all' | 'prominent';

/** How a frame is read on the device. */
export interface OcrRequest {
  extent: OcrExtent;
  /** The detector's input limit instead of the extent's own (@sfm/ocr's ReadOptions.detectorSide). */
  detectorSide?: number;
}
