import type { Pixels } from '../frame-print.ts';
import type { Detector } from './detector-client.ts';
import type { Detections } from './detections.ts';

/** Quarter turns clockwise. */
export type QuarterTurns = 0 | 1 | 3;

/**
 * The frame as it comes, then turned a quarter either way: a phone held on its side (the screen's
 * rotation locked, as many blind users keep it) gives frames where people lie on their side, and
 * the detector, trained on upright photos, finds none of them. Upside down is not tried: a phone
 * is rarely held so while it films, and each try costs a look.
 */
const TURNS: readonly QuarterTurns[] = [0, 1, 3];

/** `pixels` turned `turns` quarter turns clockwise (a new buffer; the original is left as it is). */
export function quarterTurned(pixels: Pixels, turns: QuarterTurns): Pixels {
  if (turns === 0) return pixels;
  const { data, width, height } = pixels;
  const out = new Uint8ClampedArray(data.length);
  // the turned frame is `height` wide: source (x, y) goes to (height-1-y, x) clockwise, (y, width-1-x)
  // the other way; as a pixel index, a step right in the source is a step of ±height in the turned frame
  const step = turns === 1 ? height : -height;
  for (let y = 0; y < height; y++) {
    let to = turns === 1 ? height - 1 - y : (width - 1) * height + y;
    for (let x = 0, from = y * width * 4; x < width; x++, from += 4, to += step) {
      out[to * 4] = data[from]!;
      out[to * 4 + 1] = data[from + 1]!;
      out[to * 4 + 2] = data[from + 2]!;
      out[to * 4 + 3] = data[from + 3]!;
    }
  }
  return { data: out, width: height, height: width };
}

/** What one frame gave: the detections, in the frame the way up they were found, and how many looks it took. */
export interface UprightLook {
  detections: Detections;
  turns: QuarterTurns;
  looks: number;
}

/**
 * The detector looking for what a channel wants the way up the phone is held. The way that last
 * found it is tried first, so a phone kept on its side costs one look a frame once it is found;
 * only a frame where the wanted thing is missing costs the other ways too. The detections come in
 * the turned frame's coordinates: left and right there are the user's left and right.
 */
export class TurnedViews {
  private first: QuarterTurns = 0;

  /** Any detector: the channels' (in a worker or on the page), or Human itself in node tests. */
  constructor(private readonly detector: Pick<Detector, 'detect'>) {}

  async look(pixels: Pixels, signal: AbortSignal, wanted: (d: Detections) => boolean): Promise<UprightLook> {
    const order = [this.first, ...TURNS.filter((turns) => turns !== this.first)];
    let firstLook: UprightLook | null = null;
    for (const [index, turns] of order.entries()) {
      const detections = await this.detector.detect(quarterTurned(pixels, turns), signal);
      const look = { detections, turns, looks: index + 1 };
      if (wanted(detections)) {
        this.first = turns;
        return look;
      }
      firstLook ??= look;
    }
    // nowhere: what the usual way up saw (nothing wanted), after every way was tried
    return { ...firstLook!, looks: order.length };
  }
}
