/**
 * The document channel (文档): guides the user to frame a whole page, captures it once it is framed
 * and held still (or at once on a tap), then reads it in order, headings and paragraphs kept, and
 * offers to save it.
 *
 * Each frame: the framing (frame-judge.ts) gives a score and an advice; a framed page that did not
 * move since the last frame is captured (the shutter: a tone and a buzz), a framed page that moves
 * is told to hold steady, anything else gets its advice through the hint pacing (hint-pacing.ts).
 * The page is read in the background (the page's part of the frame: page-crop.ts): the frame that
 * captured it answers at once with the shutter, the next frame waits for the reading and answers
 * with the page.
 *
 * After a page is read the channel stays quiet for about as long as the page takes to say (a hint
 * would cut the reading off: the speech queue lets a newer text interrupt), and does not capture
 * the same page again until it was out of frame for a moment (the next page, or a tap, reads again).
 */
import type { Pixels } from '../frame-print.ts';
import type { ChannelAction, ChannelCue, LiveChannel, LiveFrame, ToneCue } from '../live-channel.ts';
import type { DocumentStore } from './document-store.ts';
import { judgeFrame, TextLines } from './frame-judge.ts';
import type { Bounds } from './page-finder.ts';
import { HintPacer, STABLE_FRAMES, type Hint } from './hint-pacing.ts';
import type { PageReader, TextLineDetector } from './ocr-ports.ts';
import { cropToPage } from './page-crop.ts';
import { layoutPage, type Block } from './page-layout.ts';
import { speakingMs, spokenPage, type Translate } from './spoken-page.ts';

export interface DocumentChannelDeps {
  /** The OCR's text-line detector, or null where it is not available (the page's pixels guide alone). */
  detector: TextLineDetector | null;
  reader: PageReader;
  documents: Pick<DocumentStore, 'save'>;
  t: Translate;
  /** performance.now() by default (the frames' clock). */
  now?: () => number;
  /** Releases what the deps hold (the OCR worker) when the mode ends. */
  release?: () => void;
}

/**
 * Frames at the camera's own size: the page is read from the frame that captured it, and a page's
 * small print needs the pixels (the guidance shrinks its copy itself, page-finder.ts).
 */
export const DOCUMENT_FRAME_SIDE = 1280;
/** Between two frames the page's outline moved less than this share of the frame: the hand is still. */
const STILL_SHARE = 0.02;
/** The shutter: a short high click, and a buzz. */
const SHUTTER: ToneCue = { frequencyHz: 1800, durationMs: 60, gain: 0.8 };
const SHUTTER_BUZZ = [40];
/** "Saved" while the page is still being said: a rising chirp instead of words that would cut it off. */
const SAVED_CHIRP: ToneCue = { frequencyHz: 1200, durationMs: 120, gain: 0.5 };

const key = (k: string) => ({ key: `channel-document:${k}` });

function moved(a: Bounds | null, b: Bounds | null): boolean {
  if (!a || !b) return true;
  return (
    Math.max(
      Math.abs(a.left - b.left),
      Math.abs(a.top - b.top),
      Math.abs(a.right - b.right),
      Math.abs(a.bottom - b.bottom),
    ) >= STILL_SHARE
  );
}

/** Waits for `work` (which never rejects), or resolves null as soon as `signal` aborts (the work goes on). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

export class DocumentChannel implements LiveChannel {
  readonly frameSide = DOCUMENT_FRAME_SIDE;
  /** Every frame counts: a still hand is two frames that look alike, and a held advice is spoken. */
  readonly skipUnchanged = false;

  private readonly pacer = new HintPacer();
  private readonly released = new AbortController();
  private lastBounds: Bounds | null = null;
  private reading: Promise<ChannelCue[]> | null = null;
  /** Hints wait until the page read has been said. */
  private quietUntil = -Infinity;
  /** False after a read, until the page was out of frame for STABLE_FRAMES frames. */
  private mayCapture = true;
  private unframedFrames = 0;
  private readonly lines: TextLines | null;

  constructor(private readonly deps: DocumentChannelDeps) {
    this.lines = deps.detector ? new TextLines(deps.detector) : null;
  }

  async look(frame: LiveFrame, signal: AbortSignal): Promise<ChannelCue[]> {
    if (this.reading) return this.deliver(signal);
    const framing = await judgeFrame(frame.pixels, this.lines, signal, frame.grabbedAt);
    const framed = framing.advice === 'framed';
    const still = framed && !moved(this.lastBounds, framing.bounds);
    this.lastBounds = framing.bounds;
    this.unframedFrames = framed ? 0 : this.unframedFrames + 1;
    if (this.unframedFrames >= STABLE_FRAMES) this.mayCapture = true;
    if (still && this.mayCapture) return this.capture(frame, framing.bounds);

    let hint: Hint | null = null;
    if (!framed) hint = framing.advice as Hint;
    else if (this.mayCapture) hint = 'steady';
    const spoken = this.pacer.next(hint, frame.grabbedAt);
    if (spoken && this.now() >= this.quietUntil) return [{ say: key(`hints.${spoken}`) }];
    // the page read and still in view: the status keeps what was last said of it (read, saved)
    if (framed && !this.mayCapture) return [];
    return [{ show: { ...key('score'), params: { score: String(framing.score) } } }];
  }

  /** A tap captures the page in view at once, framed or not. */
  tap(frame: LiveFrame): Promise<ChannelCue[]> {
    return Promise.resolve(this.reading ? [] : this.capture(frame));
  }

  dispose(): void {
    this.released.abort();
    this.deps.release?.();
  }

  /** Starts reading the page (inside `bounds` where they are known: a tap may capture without). */
  private capture(frame: LiveFrame, bounds: Bounds | null = null): ChannelCue[] {
    this.pacer.reset();
    this.mayCapture = false;
    this.unframedFrames = 0;
    this.lastBounds = null;
    this.reading = this.read(bounds ? cropToPage(frame.pixels, bounds) : frame.pixels);
    return [{ tone: SHUTTER, vibrate: SHUTTER_BUZZ, show: key('reading'), controls: [] }];
  }

  /** The page read, once it is (a frame aborted meanwhile leaves it for the next one). */
  private async deliver(signal: AbortSignal): Promise<ChannelCue[]> {
    const reading = this.reading!;
    const cues = await unlessAborted(reading, signal);
    if (cues === null) return [];
    if (this.reading === reading) this.reading = null;
    return cues;
  }

  private async read(pixels: Pixels): Promise<ChannelCue[]> {
    const { reader, t } = this.deps;
    try {
      const blocks = layoutPage(await reader.readLines(pixels, this.released.signal));
      if (blocks.length === 0) return [{ say: key('nothingRead'), interrupt: true }];
      const text = `${spokenPage(blocks, t)}\n${t('channel-document:endHint')}`;
      this.quietUntil = this.now() + speakingMs(text);
      return [{ say: { text }, interrupt: true, controls: [this.saveAction(blocks)] }];
    } catch (error) {
      if (this.released.signal.aborted) return [];
      console.warn('document reading failed:', error instanceof Error ? error.message : error);
      return [{ say: key('readFailed'), interrupt: true }];
    }
  }

  private saveAction(blocks: readonly Block[]): ChannelAction {
    return {
      kind: 'action',
      id: 'document-save',
      label: key('save'),
      run: async () => {
        await this.deps.documents.save(blocks);
        // said, unless the page is still being read: then a chirp, and the words only shown
        const done: ChannelCue = { controls: [] };
        if (this.now() >= this.quietUntil) return [{ ...done, say: key('saved') }];
        return [{ ...done, tone: SAVED_CHIRP, show: key('saved') }];
      },
    };
  }

  private now(): number {
    return this.deps.now?.() ?? performance.now();
  }
}
