import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { rateLimitHits } from '../db/schema.ts';

/** Counters shared by every server node, so a limit holds however many nodes there are. */
export class RateLimitRepo {
  constructor(private readonly db: Executor) {}

  /** Adds one hit to the counter of that window and returns the new count, atomically. */
  async hit(bucket: string, keyHash: string, windowStart: Date): Promise<number> {
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ bucket, keyHash, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.bucket, rateLimitHits.keyHash, rateLimitHits.windowStart],
        set: { count: sql`${rateLimitHits.count} + 1` },
      })
      .returning({ count: rateLimitHits.count });
    return row?.count ?? 1;
  }

  async pruneBefore(date: Date): Promise<void> {
    await this.db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, date));
  }
}
