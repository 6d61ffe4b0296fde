/** What the page and the OCR worker (ocr.worker.ts) say to each other. */
import type { RgbImage } from '@sfm/ocr';
import type { DetectedLine, OcrLine, OcrRequest } from './ocr-types.ts';

export type OcrJob =
  /** Load the models now (the channel opens): the answer says when the worker is ready. */
  | { id: number; kind: 'load' }
  /** The frame's pixels are transferred: the page keeps no copy. */
  | { id: number; kind: 'detect' | 'read'; image: RgbImage; request: OcrRequest }
  /** The page no longer waits for job `id`: skip it, or stop it at its next stage. */
  | { id: number; kind: 'cancel' };

export type OcrReply =
  | { id: number; ready: true }
  | { id: number; boxes: DetectedLine[] }
  | { id: number; lines: OcrLine[] }
  | { id: number; failure: string };
