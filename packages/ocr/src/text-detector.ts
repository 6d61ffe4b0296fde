/**
 * PP-OCRv4 text detection (DB): the image is resized so its longer side is at most `maxSide` and
 * both sides are multiples of 32 (the network's stride), normalised as PaddleOCR's inference does,
 * and the probability map is turned into boxes by db-postprocess.ts.
 */
import { boxesFromProbabilities, type DetectedBox } from './db-postprocess.ts';
import type { RgbImage } from './image.ts';
import type { OcrModel, OcrRuntime } from './ocr-runtime.ts';

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
function detectorInput(image: RgbImage): Float32Array {
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
  return data;
}

export class TextDetector {
  constructor(
    private readonly model: OcrModel,
    private readonly resize: OcrRuntime['resize'],
  ) {}

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
    const input = await this.resize(image, size.width, size.height);
    const map = await this.model.run(detectorInput(input), [1, 3, input.height, input.width]);
    const [, , mapHeight = size.height, mapWidth = size.width] = map.dims;
    return boxesFromProbabilities(
      { data: map.data, width: mapWidth, height: mapHeight },
      image.width / mapWidth,
      image.height / mapHeight,
    );
  }
}
