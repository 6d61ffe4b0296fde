import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { ManualClock } from '../../test/harness/app-harness.ts';
import { describeOnEachDatabase } from '../../test/harness/databases.ts';
import { RateLimitRepo } from './repo.ts';
import { RateLimiter } from './rate-limiter.ts';

describeOnEachDatabase('RateLimitRepo', (db) => {
  it('counts concurrent hits without losing any', async () => {
    const repo = new RateLimitRepo(db());
    const window = new Date('2030-01-01T00:00:00Z');
    const counts = await Promise.all(Array.from({ length: 25 }, () => repo.hit('b', 'k', window)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('counts without waiting for a disk flush (its statement relaxes the commit it is part of)', async () => {
    const setting = await db().transaction(async (tx) => {
      await new RateLimitRepo(tx).hit('relaxed', 'k', new Date('2030-01-01T00:00:00Z'));
      const { rows } = await tx.execute<{ value: string }>(
        sql`select current_setting('synchronous_commit') as value`,
      );
      return rows[0]?.value;
    });
    expect(setting).toBe('off');
  });

  it('prunes old windows', async () => {
    const repo = new RateLimitRepo(db());
    await repo.hit('p', 'k', new Date('2000-01-01T00:00:00Z'));
    await repo.hit('p', 'k', new Date('2031-01-01T00:00:00Z'));
    await repo.pruneBefore(new Date('2020-01-01T00:00:00Z'));
    const { rows } = await db().execute(
      sql`select count(*)::int as n from rate_limit_hits where bucket = 'p'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('shares one limit between two limiters (two server nodes)', async () => {
    const clock = new ManualClock();
    const nodeA = new RateLimiter(new RateLimitRepo(db()), clock.now);
    const nodeB = new RateLimiter(new RateLimitRepo(db()), clock.now);
    expect((await nodeA.consume('shared', '1.2.3.4', 2)).allowed).toBe(true);
    expect((await nodeB.consume('shared', '1.2.3.4', 2)).allowed).toBe(true);
    expect((await nodeA.consume('shared', '1.2.3.4', 2)).allowed).toBe(false);
  });
});

describe('RateLimiter', () => {
  const memoryStore = () => {
    const counts = new Map<string, number>();
    return {
      hit: async (bucket: string, key: string, window: Date) => {
        const id = `${bucket}|${key}|${window.toISOString()}`;
        counts.set(id, (counts.get(id) ?? 0) + 1);
        return counts.get(id) ?? 0;
      },
      pruneBefore: async () => {},
    };
  };

  it('allows up to the limit per fixed window and says when to retry', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter(memoryStore(), clock.now);
    for (let i = 0; i < 3; i++) expect((await limiter.consume('b', 'k', 3)).allowed).toBe(true);
    const refused = await limiter.consume('b', 'k', 3);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume('b', 'other', 3)).allowed).toBe(true);
    clock.advance(60);
    expect((await limiter.consume('b', 'k', 3)).allowed).toBe(true);
  });

  it('throws the catalogue 429 from enforce', async () => {
    const limiter = new RateLimiter(memoryStore(), new ManualClock().now);
    await limiter.enforce('b', 'k', 1);
    const err = await limiter.enforce('b', 'k', 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 429, key: 'errors.rate_limited' });
  });
});
