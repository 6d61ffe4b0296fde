/**
 * One frame's framing: the page from its pixels (a few milliseconds), and the text lines from the
 * OCR's detector only where they decide something — before a capture (is text cut off at a side the
 * sheet seemed clear of?), when no sheet stands out (a white page on a white table), and when a
 * bright surface fills the view (a page held too close, or a bare wall). A page plainly cut off or
 * too small is answered from the pixels alone, so the detector's time is not spent on every frame.
 */
import type { Pixels } from '../frame-print.ts';
import { assessFraming, type Framing, type LineBox } from './framing.ts';
import type { PixelBox, TextLineDetector } from './ocr-ports.ts';
import { findPage } from './page-finder.ts';

/**
 * With no page framed, the detector is asked about the same view at most this often and its last
 * answer stands in between: a view with no page in it may last minutes, and on a slow device each
 * question goes to the server.
 */
export const UNFRAMED_DETECT_MS = 1000;

function toShares(boxes: readonly PixelBox[], width: number, height: number): LineBox[] {
  return boxes.map((b) => ({
    x: b.x / width,
    y: b.y / height,
    width: b.width / width,
    height: b.height / height,
  }));
}

/**
 * The text lines of frames, as shares of the frame. A view with no page framed may be answered
 * with the lines found a moment ago for the same view (`view`: what the pixels showed then and
 * now); a page about to be captured, or a view that changed, is always looked at afresh.
 */
export class TextLines {
  private last: LineBox[] = [];
  private lastView: string | null = null;
  private askedAt = -Infinity;
  /** The last answer was the kept one. */
  kept = false;

  constructor(private readonly detector: TextLineDetector) {}

  /** The lines, or null while the detector cannot answer (or failed to). `view` null: afresh. */
  async of(pixels: Pixels, signal: AbortSignal, now: number, view: string | null): Promise<LineBox[] | null> {
    this.kept = view !== null && view === this.lastView && now - this.askedAt < UNFRAMED_DETECT_MS;
    if (this.kept) return this.last;
    let boxes: PixelBox[] | null;
    try {
      boxes = await this.detector.detectLines(pixels, signal);
    } catch (error) {
      // a detector that fails (its models did not load) leaves the guidance to the pixels
      if (signal.aborted) throw error;
      return null;
    }
    if (!boxes) return null;
    this.last = toShares(boxes, pixels.width, pixels.height);
    this.lastView = view;
    this.askedAt = now;
    return this.last;
  }
}

/** What the pixels show, coarsely: the advice and where the sheet is, to a twentieth of the frame. */
function viewOf(framing: Framing): string {
  const b = framing.bounds;
  const at = b ? [b.left, b.top, b.right, b.bottom].map((v) => Math.round(v * 20)).join(',') : '';
  return `${framing.advice}:${at}`;
}

/**
 * The framing of one frame grabbed at `now`; from the pixels alone where no detector is available
 * or it cannot answer yet (the guidance does not wait for the OCR's models to load).
 */
export async function judgeFrame(
  pixels: Pixels,
  lines: TextLines | null,
  signal: AbortSignal,
  now: number,
): Promise<Framing> {
  const page = findPage(pixels);
  const fromPixels = assessFraming(page, null);
  const framed = fromPixels.advice === 'framed';
  if (!lines || !(framed || fromPixels.advice === 'noDocument' || fromPixels.advice === 'farther')) {
    return fromPixels;
  }
  const judge = async (view: string | null) => {
    const found = await lines.of(pixels, signal, now, view);
    return found ? assessFraming(page, found) : fromPixels;
  };
  const judged = await judge(framed ? null : viewOf(fromPixels));
  // lines kept from a moment ago never frame a page: the detector is asked again first
  return judged.advice === 'framed' && lines.kept ? judge(null) : judged;
}
