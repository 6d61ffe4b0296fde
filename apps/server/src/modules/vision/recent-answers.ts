import { createHash } from 'node:crypto';
import type { Clock } from '../../security/clock.ts';

/**
 * The last answer each caller was given, per scenario and question, for a short while: an
 * auto-capture that gets the very answer it was just given (a street sign still in view) is not
 * charged again. Kept in this process's memory only: in a scale-out deployment a repeat that lands
 * on another node is charged as before, which is the old behaviour, never a free new answer.
 */
export class RecentAnswers {
  /** Insertion order is age order: the oldest entries are dropped first. */
  private readonly answers = new Map<string, { digest: string; at: number }>();

  constructor(
    private readonly clock: Clock,
    /** An answer counts as "the last one" for this long: a few auto-capture periods. */
    private readonly windowMs = 120_000,
    private readonly capacity = 10_000,
  ) {}

  /**
   * Remembers `description` as the caller's last answer for `question` and tells whether it is the
   * one they were given last, within the window.
   */
  repeats(caller: string, question: string, description: string): boolean {
    const key = `${caller}\u0000${question}`;
    const digest = createHash('sha256').update(description).digest('base64');
    const now = this.clock().getTime();
    const last = this.answers.get(key);
    const repeated = last !== undefined && last.digest === digest && now - last.at < this.windowMs;
    this.answers.delete(key);
    this.answers.set(key, { digest, at: now });
    if (this.answers.size > this.capacity) {
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
    return repeated;
  }
}
