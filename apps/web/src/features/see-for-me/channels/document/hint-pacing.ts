/**
 * When a framing hint is spoken (after makeacopy's guidance for blind users): an advice counts only
 * once the same one came for STABLE_FRAMES frames in a row (a hand's tremor does not flip it), is
 * spoken only when it differs from the advice that held before it, and never sooner than COOLDOWN_MS
 * after the last hint (a hint still due when the cooldown ends is said then, if it still holds).
 * "No document" is an advice like the others, so it is said once, and again only after a page was
 * found and then lost.
 */
import type { Advice } from './framing.ts';

/** What the channel may hint: the framing's advice, or "hold steady" for a framed page that moves. */
export type Hint = Exclude<Advice, 'framed'> | 'steady';

export const STABLE_FRAMES = 2;
export const COOLDOWN_MS = 1500;

export class HintPacer {
  private candidate: Hint | null = null;
  private seen = 0;
  private settled: Hint | null = null;
  private due = false;
  private lastSpokenAt = -Infinity;

  /** One frame's hint (null: nothing to fix), at `now` ms: the hint to say now, or null. */
  next(hint: Hint | null, now: number): Hint | null {
    if (hint === this.candidate) this.seen += 1;
    else [this.candidate, this.seen] = [hint, 1];
    if (this.seen >= STABLE_FRAMES && this.candidate !== this.settled) {
      this.settled = this.candidate;
      this.due = this.settled !== null;
    }
    if (!this.due || now - this.lastSpokenAt < COOLDOWN_MS) return null;
    this.due = false;
    this.lastSpokenAt = now;
    return this.settled;
  }

  /** A page was captured: what held before it says nothing about the next one. */
  reset(): void {
    this.candidate = null;
    this.seen = 0;
    this.settled = null;
    this.due = false;
  }
}
