/**
 * The OCR pipeline's runtime on the server (@sfm/ocr's OcrRuntime): the PaddleOCR models on
 * onnxruntime-node (onnx-session.ts), the character list read from disk, and sharp's resize.
 */
import { readFile } from 'node:fs/promises';
import { onnxModel, TextReader, type OcrRuntime } from '@sfm/ocr';
import { resizeRgb } from '../../image-pipeline.ts';
import { MODEL_FILES } from './model-files.ts';
import { createSession, Tensor } from './onnx-session.ts';

const float32 = (data: Float32Array, dims: readonly number[]) => new Tensor('float32', data, dims);

export async function nodeOcrRuntime(): Promise<OcrRuntime> {
  const [detection, recognition, dictionary] = await Promise.all([
    createSession(MODEL_FILES.detection),
    createSession(MODEL_FILES.recognition),
    readFile(MODEL_FILES.dictionary, 'utf8'),
  ]);
  return {
    detection: onnxModel(detection, float32),
    recognition: onnxModel(recognition, float32),
    dictionary,
    resize: resizeRgb,
  };
}

let shared: Promise<TextReader> | null = null;

/**
 * The process's one reader (its models take about 100 MB): the embedded vision engine and the live
 * text fallback (../../text-lines.ts) read with the same. A failed load is tried again by the next caller.
 */
export function sharedTextReader(): Promise<TextReader> {
  shared ??= nodeOcrRuntime().then(TextReader.load);
  shared.catch(() => (shared = null));
  return shared;
}
