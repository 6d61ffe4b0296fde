/**
 * The points ledger on the embedded PostgreSQL (2 cores, fsync on): spends per second on one hot
 * account (every spend waits for the account's row lock) and spread over 1,000 accounts, and the
 * time metering adds to an analysis (reserve before the engine, commit after: p50 and p95; target
 * ≤ 5 ms). Prints numbers; not a pass/fail test. Run: `npm run bench:points -w @sfm/bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect } from '../apps/server/src/db/connect.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { createPointsEconomy } from '../apps/server/src/modules/points/points-economy.ts';
import { systemClock } from '../apps/server/src/security/clock.ts';

const HOT_SPENDS = 2_000;
const ACCOUNTS = 1_000;
const SPENDS_PER_ACCOUNT = 5;
const METERED_ROUNDS = 300;
/** Spends in flight at once: what the pool (10 connections) and a busy node would see. */
const CONCURRENCY = 50;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? NaN;

/** Runs `jobs` with at most `limit` in flight. */
async function pooled(jobs: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function users(db: Database, n: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into users (phone) select '138' || lpad((g + ${Date.now() % 1_000_000})::text, 8, '0')
    from generate_series(1, ${n}) g returning id`);
  return rows.map((r) => r.id);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-bench-points-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const database = await connect(config, createLogger('warn'));
  const { db } = database;
  const points = createPointsEconomy({
    db,
    clock: systemClock,
    logger: createLogger('warn'),
    timeZone: config.timeZone,
    secret: new Uint8Array(32),
  });
  const fund = (userId: string, amount: number) =>
    points.ledger.withAccount(userId, (locked) =>
      locked.write({ type: 'gift', scene: 'other', remark: 'bench', key: 'bench-fund', paid: amount }),
    );
  const spend = (userId: string, key: string) =>
    points.ledger.spend(userId, 1, { type: 'consume', scene: 'vision', remark: null, key });
  try {
    const [hot] = await users(db, 1);
    await fund(hot!, HOT_SPENDS);
    let t0 = performance.now();
    await pooled(
      Array.from({ length: HOT_SPENDS }, (_, i) => () => spend(hot!, `hot:${i}`)),
      CONCURRENCY,
    );
    const hotSeconds = (performance.now() - t0) / 1000;
    console.log(
      `one hot account: ${HOT_SPENDS} spends in ${hotSeconds.toFixed(1)} s = ${Math.round(HOT_SPENDS / hotSeconds)} spends/s`,
    );

    const many = await users(db, ACCOUNTS);
    await pooled(
      many.map((id) => () => fund(id, SPENDS_PER_ACCOUNT)),
      CONCURRENCY,
    );
    const jobs = many.flatMap((id) =>
      Array.from({ length: SPENDS_PER_ACCOUNT }, (_, i) => () => spend(id, `spread:${i}`)),
    );
    t0 = performance.now();
    await pooled(jobs, CONCURRENCY);
    const spreadSeconds = (performance.now() - t0) / 1000;
    console.log(
      `${ACCOUNTS} accounts: ${jobs.length} spends in ${spreadSeconds.toFixed(1)} s = ${Math.round(jobs.length / spreadSeconds)} spends/s`,
    );

    // what metering adds to one analysis: the reservation before the engine, the charge after
    const [reader] = await users(db, 1);
    await fund(reader!, METERED_ROUNDS);
    const added: number[] = [];
    for (let i = 0; i < METERED_ROUNDS; i++) {
      const start = performance.now();
      const reservation = await points.meter.reserve({ kind: 'user', id: reader! }, 'vision');
      await reservation.commit();
      added.push(performance.now() - start);
    }
    const measured = added.slice(20); // after the rules cache and the pool are warm
    // the floor under it: one query's round trip to the same database, on the same loaded machine
    const trips: number[] = [];
    for (let i = 0; i < METERED_ROUNDS; i++) {
      const start = performance.now();
      await db.execute(sql`select 1`);
      trips.push(performance.now() - start);
    }
    console.log(
      `metered analysis overhead (reserve + commit, ${measured.length} rounds): p50 ${percentile(measured, 0.5).toFixed(2)} ms, p95 ${percentile(measured, 0.95).toFixed(2)} ms (target ≤ 5 ms)`,
    );
    console.log(
      `one query round trip: p50 ${percentile(trips, 0.5).toFixed(2)} ms, p95 ${percentile(trips, 0.95).toFixed(2)} ms (reserve + commit are 2 transactions, 13 round trips)`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
