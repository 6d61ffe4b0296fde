/**
 * Reading text from pixels, the same on the server and on the device: the PaddleOCR pipeline's
 * stages (detection boxes, strips, recognition, orientation vote, vertical columns), reading order
 * and English spacing, over a runtime each side supplies (ocr-runtime.ts). Plain TypeScript with no
 * dependency: the server's embedded vision engine and the web app's OCR worker both import it.
 */
export { TextReader, type OcrStage, type ReadOptions } from './text-reader.ts';
export {
  MODEL_FILE_NAMES,
  onnxModel,
  type ModelOutput,
  type OcrModel,
  type OcrRuntime,
  type OnnxSession,
} from './ocr-runtime.ts';
export type { RgbImage } from './image.ts';
export type { DetectedBox } from './db-postprocess.ts';
export type { Point, Quad } from './quad.ts';
export { quarterTurnsFor } from './orientation.ts';
export {
  area,
  boundsOf,
  bottom,
  centreX,
  centreY,
  intersectionArea,
  right,
  unionOf,
  type Box,
} from './geometry.ts';
export {
  joinReadingRows,
  orderReadingRows,
  type Edge,
  type TextLine,
  type TextRow,
} from './reading-order.ts';
export { restoreEnglishSpacing } from './english-spacing.ts';
export { readingLines, type ReadingLine } from './reading-lines.ts';
export { timed, type StageTimer } from './stage-timer.ts';
