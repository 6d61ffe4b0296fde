import type { ToneCue } from '../live-channel.ts';
import type { Box } from './code-finder.ts';
import type { FoundCode, FrameCodes } from './decode-codes.ts';
import { edgeOf, type Edge } from './frame-edge.ts';

/** A code read is not read again while it was seen less than this ago (held in view, or back at once). */
export const REPEAT_MS = 5_000;
/**
 * After a read, what only looks like a code where it was (the same code, a blurred frame of it)
 * makes no sound for this long. A code somewhere else in the picture is another one: it is not kept
 * quiet (an unchanged view is not looked at again, so a quiet frame would stay quiet).
 */
const QUIET_AFTER_READ_MS = 1_500;
/** Frames without any code that end an approach (its tones start low again, its side may be said again). */
const FRAMES_TO_FORGET = 2;

const APPROACH_BASE_HZ = 523;
const APPROACH_STEPS = 10;
const READ_HZ = 1_568;

/** Each frame that still shows a code coming into view sounds a whole tone higher, up to an octave and more. */
export const approachTone = (streak: number): ToneCue => ({
  frequencyHz: Math.round(APPROACH_BASE_HZ * 2 ** ((2 * Math.min(streak - 1, APPROACH_STEPS)) / 12)),
  durationMs: 70,
  gain: 0.35,
});
/** The code was read: a high short tone, above every approach tone. */
export const READ_TONE: ToneCue = { frequencyHz: READ_HZ, durationMs: 90, gain: 0.4 };

/** What a frame calls for: a tone, a side to say, the codes to read now. */
export interface TrackerStep {
  tone?: ToneCue;
  edge?: Edge;
  fresh: FoundCode[];
}

const keyOf = (code: FoundCode) => `${code.format}:${code.text}`;
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const area = (b: Box) => (b.right - b.left) * (b.bottom - b.top);

/**
 * The channel's memory across frames. A code read is not read again while it stays in view, nor
 * when it comes back within a few seconds; a new one is. Before a code can be read, each frame that
 * shows something code-like (found, not read) sounds a tone higher than the last, and the side it
 * is at is said once, so the user can bring it to the middle.
 */
export class CodeTracker {
  private readonly lastSeen = new Map<string, number>();
  private streak = 0;
  private emptyFrames = 0;
  private sideSaid = false;
  private lastReadSeenAt = -Infinity;
  private lastReadBoxes: Box[] = [];

  next({ codes, regions }: FrameCodes, now: number): TrackerStep {
    for (const [key, at] of this.lastSeen) if (now - at > REPEAT_MS) this.lastSeen.delete(key);
    const read = codes.filter((c) => c.valid);
    const fresh = read.filter((c) => !this.lastSeen.has(keyOf(c)));
    for (const code of read) this.lastSeen.set(keyOf(code), now);
    if (read.length) {
      this.lastReadSeenAt = now;
      this.lastReadBoxes = read.map((c) => c.box);
    }

    if (fresh.length) {
      this.endApproach();
      return { tone: READ_TONE, fresh };
    }
    // what the finder or the decoder found but nobody could read, apart from the codes just read
    // and, for a moment after a read, from where they were
    const quiet = now - this.lastReadSeenAt < QUIET_AFTER_READ_MS ? this.lastReadBoxes : [];
    const located = [...codes.filter((c) => !c.valid).map((c) => c.box), ...regions].filter(
      (box) => !read.some((c) => overlaps(c.box, box)) && !quiet.some((b) => overlaps(b, box)),
    );
    if (!located.length) {
      if ((this.emptyFrames += 1) >= FRAMES_TO_FORGET) this.endApproach();
      return { fresh };
    }
    this.emptyFrames = 0;
    this.streak += 1;
    const step: TrackerStep = { tone: approachTone(this.streak), fresh };
    if (!this.sideSaid) {
      const largest = located.reduce((a, b) => (area(b) > area(a) ? b : a));
      const edge = edgeOf(largest);
      if (edge) {
        step.edge = edge;
        this.sideSaid = true;
      }
    }
    return step;
  }

  private endApproach(): void {
    this.streak = 0;
    this.emptyFrames = 0;
    this.sideSaid = false;
  }
}
