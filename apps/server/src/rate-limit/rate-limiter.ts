import { AppError } from '../app-error.ts';
import type { Clock } from '../security/clock.ts';
import { sha256 } from '../security/secrets.ts';

export interface RateLimitStore {
  hit(bucket: string, keyHash: string, windowStart: Date): Promise<number>;
  pruneBefore(date: Date): Promise<void>;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the current window ends (≥ 1). */
  retryAfterSeconds: number;
}

const PRUNE_EVERY_HITS = 200;
const KEEP_WINDOWS = 10;

/**
 * Fixed-window limiter over a shared store: at most `limit` hits per `bucket` + key in each window.
 * Fixed windows allow a burst of 2× at a boundary; for login throttling that is an accepted trade
 * for one atomic upsert per hit and no per-node memory.
 */
export class RateLimiter {
  private hitsSincePrune = 0;

  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly windowSeconds = 60,
  ) {}

  async consume(bucket: string, key: string, limit: number): Promise<RateLimitDecision> {
    const now = this.clock().getTime();
    const windowMs = this.windowSeconds * 1000;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const count = await this.store.hit(bucket, sha256(key), new Date(windowStart));
    await this.pruneNowAndThen(windowStart - KEEP_WINDOWS * windowMs);
    return {
      allowed: count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    };
  }

  /** Like consume, but a refusal is thrown as the catalogue's 429. */
  async enforce(bucket: string, key: string, limit: number): Promise<void> {
    const decision = await this.consume(bucket, key, limit);
    if (!decision.allowed) throw AppError.retryLater('errors.rate_limited', decision.retryAfterSeconds);
  }

  private async pruneNowAndThen(before: number): Promise<void> {
    if (++this.hitsSincePrune < PRUNE_EVERY_HITS) return;
    this.hitsSincePrune = 0;
    await this.store.pruneBefore(new Date(before));
  }
}
