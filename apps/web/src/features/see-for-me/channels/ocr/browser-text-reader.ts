/**
 * The OCR reader in the browser (@sfm/ocr's TextReader on onnxruntime-web's CPU WebAssembly build):
 * the same stages as the server's embedded engine, so the device and its server fallback read alike.
 * Runs inside the OCR worker: one thread (no SharedArrayBuffer without cross-origin isolation,
 * and the worker already keeps the work off the page).
 */
import dictionary from '@ocr-models/ppocr_keys_v1.txt?raw';
import { onnxModel, TextReader } from '@sfm/ocr';
import * as ort from 'onnxruntime-web/wasm';
import { OCR_ASSET_URLS, ocrAssetBytes } from './ocr-assets.ts';
import { resizeRgb } from './rgb-pixels.ts';

const float32 = (data: Float32Array, dims: readonly number[]) => new ort.Tensor('float32', data, dims);

export async function loadBrowserTextReader(): Promise<TextReader> {
  const [runtime, detection, recognition] = await Promise.all(
    [OCR_ASSET_URLS.runtime, OCR_ASSET_URLS.detection, OCR_ASSET_URLS.recognition].map(ocrAssetBytes),
  );
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  // the binary is handed over, so onnxruntime fetches nothing itself
  ort.env.wasm.wasmBinary = runtime;
  const options: ort.InferenceSession.SessionOptions = {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'all',
  };
  // one after the other: the first creation initialises the WebAssembly runtime
  const detector = await ort.InferenceSession.create(new Uint8Array(detection as ArrayBuffer), options);
  const recognizer = await ort.InferenceSession.create(new Uint8Array(recognition as ArrayBuffer), options);
  return TextReader.load({
    detection: onnxModel(detector, float32),
    recognition: onnxModel(recognizer, float32),
    dictionary,
    resize: resizeRgb,
  });
}
