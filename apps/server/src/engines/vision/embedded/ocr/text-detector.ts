/**
 * PP-OCRv4 text detection (DB): the image is resized so its longer side is at most `maxSide` and
 * both sides are multiples of 32 (the network's stride), normalised as PaddleOCR's inference does,
 * and the probability map is turned into boxes by db-postprocess.ts.
 */
import { boxesFromProbabilities, type DetectedBox } from './db-postprocess.ts';
import { MODEL_FILES } from './model-files.ts';
import { createSession, Tensor, type InferenceSession } from './onnx-session.ts';
import { resizeRgb, type RgbImage } from '../../image-pipeline.ts';

/** ImageNet statistics, applied in PaddleOCR's channel order (its images are BGR). */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;
const STRIDE = 32;

/** PaddleOCR's "max" limit: shrink only, round each side to the stride. */
function detectorInputSize(width: number, height: number, maxSide: number) {
  const ratio = Math.min(1, maxSide / Math.max(width, height));
  const round = (side: number) => Math.max(STRIDE, Math.round((side * ratio) / STRIDE) * STRIDE);
  return { width: round(width), height: round(height) };
}

/** Planar BGR floats, (value / 255 − mean) / std per channel. */
function detectorTensor(image: RgbImage): Tensor {
  const pixels = image.width * image.height;
  const data = new Float32Array(pixels * 3);
  const scale = STD.map((s) => 1 / (255 * s));
  const offset = MEAN.map((m, c) => m / (STD[c] ?? 1));
  for (let c = 0; c < 3; c++) {
    // plane c is B, G, R in turn: source channel 2 − c
    const source = 2 - c;
    const plane = c * pixels;
    const k = scale[c] ?? 0;
    const o = offset[c] ?? 0;
    for (let p = 0, i = source; p < pixels; p++, i += 3) data[plane + p] = (image.data[i] as number) * k - o;
  }
  return new Tensor('float32', data, [1, 3, image.height, image.width]);
}

export class TextDetector {
  private constructor(private readonly session: InferenceSession) {}

  static async load(): Promise<TextDetector> {
    return new TextDetector(await createSession(MODEL_FILES.detection));
  }

  /** One tiny run, so onnxruntime's one-off set-up is paid at start-up, not by the first user. */
  async warmUp(): Promise<void> {
    await this.detect(
      { data: new Uint8Array(STRIDE * STRIDE * 3).fill(255), width: STRIDE, height: STRIDE },
      STRIDE,
    );
  }

  /** Text boxes in `image` pixels, unordered. */
  async detect(image: RgbImage, maxSide: number): Promise<DetectedBox[]> {
    const size = detectorInputSize(image.width, image.height, maxSide);
    const input = await resizeRgb(image, size.width, size.height);
    const outputs = await this.session.run({ [this.session.inputNames[0] ?? 'x']: detectorTensor(input) });
    const map = outputs[this.session.outputNames[0] ?? ''];
    if (!map) throw new Error('text detector returned no output');
    const [, , mapHeight = size.height, mapWidth = size.width] = map.dims;
    return boxesFromProbabilities(
      { data: map.data as Float32Array, width: mapWidth, height: mapHeight },
      image.width / mapWidth,
      image.height / mapHeight,
    );
  }
}
