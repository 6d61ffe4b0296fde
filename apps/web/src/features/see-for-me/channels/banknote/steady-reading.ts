import type { NoteValue } from './denominations.ts';
import type { DoubtReason, FrameVerdict } from './frame-verdict.ts';

/** What to say after a frame. */
export type Announcement = { kind: 'value'; value: NoteValue } | { kind: 'uncertain'; why: DoubtReason };

/** The frames a value must be agreed on within (two of them, none naming another value). */
const WINDOW = 4;
const AGREEING_FRAMES = 2;
/** After this many frames with nothing like a note the note is gone: the next one is said again. */
const GONE_AFTER_FRAMES = 2;
/** The doubt is said at most this often while it lasts… */
const DOUBT_EVERY_MS = 8_000;
/** …and not this soon after a value was seen (a hand covering the note it just named). */
const QUIET_AFTER_VALUE_MS = 4_000;

/**
 * The frames' verdicts over time. A value is said when two of the last four frames name it and
 * none names another (a frame between them that read no numeral, a finger passing, does not
 * undo it), once for as long as that note stays; a doubt is said when two frames in a row were
 * doubtful, and then not again for a while. One misread frame never reaches the user.
 */
export class SteadyReading {
  private recent: FrameVerdict[] = [];
  private said: NoteValue | null = null;
  private emptyFrames = 0;
  private valueSeenAt = -Infinity;
  private doubtSaidAt = -Infinity;

  /** The next frame's verdict; what to say now, if anything. */
  next(verdict: FrameVerdict, now: number): Announcement | null {
    this.recent = [...this.recent, verdict].slice(-WINDOW);
    if (verdict.kind === 'nothing') {
      this.emptyFrames += 1;
      if (this.emptyFrames >= GONE_AFTER_FRAMES) this.said = null;
      return null;
    }
    this.emptyFrames = 0;
    if (verdict.kind === 'value') this.valueSeenAt = now;
    const agreed = this.agreed();
    if (agreed !== null) {
      if (agreed === this.said) return null;
      this.said = agreed;
      return { kind: 'value', value: agreed };
    }
    const [before] = this.recent.slice(-2);
    if (
      verdict.kind === 'uncertain' &&
      before?.kind === 'uncertain' &&
      now - this.valueSeenAt >= QUIET_AFTER_VALUE_MS &&
      now - this.doubtSaidAt >= DOUBT_EVERY_MS
    ) {
      this.doubtSaidAt = now;
      return { kind: 'uncertain', why: verdict.why };
    }
    return null;
  }

  /**
   * A tap's frame: the value the recent frames agree on with it, otherwise its doubt (a value in
   * this frame alone is a doubt too), or null when nothing like a note is in view. Said whether or
   * not it was said before.
   */
  tapped(verdict: FrameVerdict, now: number): Announcement | null {
    this.next(verdict, now);
    const agreed = this.agreed();
    if (agreed !== null) {
      this.said = agreed;
      return { kind: 'value', value: agreed };
    }
    if (verdict.kind === 'uncertain') return verdict;
    return verdict.kind === 'value' ? { kind: 'uncertain', why: 'weak' } : null;
  }

  /** The value the recent frames agree on, if they do. */
  private agreed(): NoteValue | null {
    const values = this.recent.flatMap((v) => (v.kind === 'value' ? [v.value] : []));
    const [first] = values;
    return values.length >= AGREEING_FRAMES && values.every((v) => v === first) ? first! : null;
  }
}
