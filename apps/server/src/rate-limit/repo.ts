import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { RELAXED_COMMIT } from '../db/relaxed-commit.ts';
import { rateLimitHits } from '../db/core-schema.ts';

/** Counters shared by every server node, so a limit holds however many nodes there are. */
export class RateLimitRepo {
  constructor(private readonly db: Executor) {}

  /**
   * Adds one hit to the counter of that window and returns the new count, atomically. Relaxed: a
   * crash may forget the last moment's hits, and no request waits on a disk flush to be counted.
   */
  async hit(bucket: string, keyHash: string, windowStart: Date): Promise<number> {
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ bucket, keyHash, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.bucket, rateLimitHits.keyHash, rateLimitHits.windowStart],
        set: { count: sql`${rateLimitHits.count} + 1` },
      })
      .returning({ count: rateLimitHits.count, ...RELAXED_COMMIT });
    return row?.count ?? 1;
  }

  async pruneBefore(date: Date): Promise<void> {
    await this.db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, date));
  }
}
