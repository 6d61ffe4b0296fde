/**
 * What the document channel needs of the on-device OCR (../ocr/ocr-client.ts): the boxes of the text
 * lines in a frame (fast, for the guidance) and the lines read (for the page). The channel is written
 * against these, so its guidance and reading order are tested on boxes a test makes; index.ts hands
 * it the OCR client.
 */
import type { Pixels } from '../frame-print.ts';
import type { PixelBox } from '../ocr/ocr-client.ts';

/** A box in the pixels of the frame it was found in (the OCR's own). */
export type { PixelBox };

export interface TextLineDetector {
  /** The lines' boxes, or null while the detector cannot answer yet (its models still loading). */
  detectLines(pixels: Pixels, signal: AbortSignal): Promise<PixelBox[] | null>;
}

export interface ReadLine {
  text: string;
  box: PixelBox;
  /** Recogniser confidence 0..1. */
  score: number;
}

export interface PageReader {
  readLines(pixels: Pixels, signal: AbortSignal): Promise<ReadLine[]>;
}
