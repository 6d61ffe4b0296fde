import { DEFAULT_POINTS_RULES } from '@sfm/protocol/points';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/core-schema.ts';
import { pointsAccounts, pointsEntries, pointsHolds } from '../../db/points-schema.ts';
import { createLogger } from '../../logger.ts';
import { describeOnEachDatabase } from '../../../test/harness/databases.ts';
import { LedgerRepo } from './ledger-repo.ts';
import { createPointsEconomy, type PointsEconomy } from './points-economy.ts';

const FREE = DEFAULT_POINTS_RULES.dailyFreePoints;
let phones = 13900000000;

async function newUser(db: Database): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ phone: String((phones += 1)) })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

/** The account's invariants: no bucket below zero, and the entries add up to the balance. */
async function expectExact(db: Database, userId: string): Promise<number> {
  const [account] = await db.select().from(pointsAccounts).where(eq(pointsAccounts.userId, userId));
  if (!account) throw new Error('no account');
  const balance = account.freePoints + account.vipPoints + account.paidPoints;
  expect(Math.min(account.freePoints, account.vipPoints, account.paidPoints)).toBeGreaterThanOrEqual(0);
  expect(await new LedgerRepo(db).sumOfEntries(userId)).toBe(balance);
  return balance;
}

const isRefusal = (r: PromiseSettledResult<unknown>) =>
  r.status === 'rejected' && r.reason instanceof AppError && r.reason.key === 'errors.points_insufficient';

function economy(db: Database, now = () => new Date()): PointsEconomy {
  return createPointsEconomy({
    db,
    clock: now,
    logger: createLogger('silent'),
    timeZone: 'Asia/Shanghai',
    secret: new TextEncoder().encode('s'.repeat(32)),
  });
}

describeOnEachDatabase('points ledger', (database) => {
  it('1,000 concurrent spends on one account: no double spend, no negative bucket, the exact number refused', async () => {
    const db = database();
    const points = economy(db);
    const userId = await newUser(db);
    await points.ledger.withAccount(userId, (locked) =>
      locked.write({ type: 'gift', scene: 'other', remark: 'test', key: 'seed', paid: 300 }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        points.ledger.spend(userId, 1, { type: 'consume', scene: 'vision', remark: null, key: `spend:${i}` }),
      ),
    );
    const spent = results.filter((r) => r.status === 'fulfilled').length;
    expect(spent).toBe(FREE + 300);
    expect(results.filter(isRefusal)).toHaveLength(1000 - spent);
    expect(await expectExact(db, userId)).toBe(0);
    // every balance-after is distinct: each spend saw the one before it
    const afters = await db
      .select({ after: pointsEntries.balanceAfter })
      .from(pointsEntries)
      .where(sql`${pointsEntries.userId} = ${userId} and ${pointsEntries.type} = 'consume'`);
    expect(new Set(afters.map((a) => a.after)).size).toBe(spent);
  });

  it('the same idempotency key 50 times at once is one entry', async () => {
    const db = database();
    const points = economy(db);
    const userId = await newUser(db);
    const entries = await Promise.all(
      Array.from({ length: 50 }, () =>
        points.ledger.spend(userId, 5, { type: 'consume', scene: 'vision', remark: null, key: 'once' }),
      ),
    );
    expect(new Set(entries.map((e) => e.id)).size).toBe(1);
    expect(await expectExact(db, userId)).toBe(FREE - 5);
  });

  it('the daily free grant under 100 concurrent first reads is made once, and again the next day', async () => {
    const db = database();
    let now = new Date('2026-03-01T10:00:00+08:00');
    const points = economy(db, () => now);
    const userId = await newUser(db);
    const details = await Promise.all(Array.from({ length: 100 }, () => points.service.details(userId)));
    expect(details.every((d) => d.freePoints === FREE && d.originalPoints === FREE)).toBe(true);
    await points.ledger.spend(userId, 30, { type: 'consume', scene: 'vision', remark: null, key: 'a' });
    expect((await points.service.details(userId)).freePoints).toBe(FREE - 30);
    // refilled to the allotment the next day, not accumulated
    now = new Date('2026-03-02T00:01:00+08:00');
    const next = await Promise.all(Array.from({ length: 20 }, () => points.service.details(userId)));
    expect(next.every((d) => d.totalPoints === FREE)).toBe(true);
    const grants = await db
      .select()
      .from(pointsEntries)
      .where(sql`${pointsEntries.userId} = ${userId} and ${pointsEntries.idempotencyKey} like 'free:%'`)
      .orderBy(pointsEntries.id);
    expect(grants.map((g) => g.amount)).toEqual([FREE, 30]);
    await expectExact(db, userId);
  });

  it('spends free, then VIP, then paid', async () => {
    const db = database();
    const points = economy(db);
    const userId = await newUser(db);
    await points.ledger.withAccount(userId, async (locked) => {
      locked.account.vipExpiresAt = new Date(Date.now() + 86_400_000);
      locked.account.vipDailyPoints = 10;
      await points.ledger.refillVip(locked, 'test', 'vip-test');
      await locked.write({ type: 'gift', scene: 'other', remark: null, key: 'paid', paid: 10 });
    });
    const entry = await points.ledger.spend(userId, FREE + 15, {
      type: 'consume',
      scene: 'vision',
      remark: null,
      key: 'big',
    });
    expect([entry.freeDelta, entry.vipDelta, entry.paidDelta]).toEqual([-FREE, -10, -5]);
    expect(entry.balanceAfter).toBe(5);
    await expectExact(db, userId);
  });

  it('refuses UPDATE and DELETE on entries', async () => {
    const db = database();
    const points = economy(db);
    const userId = await newUser(db);
    await points.service.details(userId);
    const refused = { cause: { message: 'points_entries is append-only' } };
    await expect(db.execute(sql`update points_entries set amount = 1000000`)).rejects.toMatchObject(refused);
    await expect(db.execute(sql`delete from points_entries`)).rejects.toMatchObject(refused);
    await expect(db.execute(sql`truncate points_entries`)).rejects.toMatchObject(refused);
    expect(await expectExact(db, userId)).toBe(FREE);
  });

  it('metering: a release costs nothing, a commit one entry, and a hold is not spendable twice', async () => {
    const db = database();
    const points = economy(db);
    const userId = await newUser(db);
    const payer = { kind: 'user' as const, id: userId };
    const released = await points.meter.reserve(payer, 'vision');
    await released.release();
    await released.commit(); // after a release, a commit does nothing
    expect(await expectExact(db, userId)).toBe(FREE);
    // hold all but one point, then two concurrent reservations: exactly one gets it
    await points.ledger.spend(userId, FREE - 1, { type: 'consume', scene: 'vision', remark: null, key: 'x' });
    const both = await Promise.allSettled([
      points.meter.reserve(payer, 'vision'),
      points.meter.reserve(payer, 'vision'),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.filter(isRefusal)).toHaveLength(1);
    const held = both.find((r) => r.status === 'fulfilled');
    if (held?.status !== 'fulfilled') throw new Error('no reservation');
    await held.value.commit();
    await held.value.commit();
    expect(await expectExact(db, userId)).toBe(0);
  });

  it('a metering transaction skips the WAL flush wait; every other ledger transaction waits for it', async () => {
    const db = database();
    const points = economy(db);
    const userId = await newUser(db);
    const setting = (durability: 'durable' | 'metering') =>
      points.ledger.withAccount(
        userId,
        async ({ tx }) => {
          const { rows } = await tx.execute<{ value: string }>(
            sql`select current_setting('synchronous_commit') as value`,
          );
          return rows[0]?.value;
        },
        { durability },
      );
    expect(await setting('metering')).toBe('off');
    expect(await setting('durable')).toBe('on');
  });

  it('a hold left by work that died stops counting when it expires, and is swept by the next reservation', async () => {
    const db = database();
    // midday in Beijing: the five minutes the hold waits must not cross midnight there, when the
    // day's free points start again (a run at 23:56 Beijing time failed on that)
    let now = new Date('2026-06-01T04:00:00Z');
    const points = economy(db, () => now);
    const userId = await newUser(db);
    const payer = { kind: 'user' as const, id: userId };
    await points.ledger.spend(userId, FREE - 1, { type: 'consume', scene: 'vision', remark: null, key: 'x' });
    await points.meter.reserve(payer, 'vision'); // never committed nor released: its process died
    await expect(points.meter.reserve(payer, 'vision')).rejects.toMatchObject({
      key: 'errors.points_insufficient',
    });
    now = new Date(now.getTime() + 301_000);
    const next = await points.meter.reserve(payer, 'vision');
    const holds = await db.select().from(pointsHolds).where(eq(pointsHolds.userId, userId));
    expect(holds).toHaveLength(1);
    await next.commit();
    expect(await expectExact(db, userId)).toBe(0);
  });

  it('a device spends its daily allowance, then is asked to log in; a release gives it back', async () => {
    const db = database();
    const points = economy(db);
    const payer = { kind: 'device' as const, id: `device_${Date.now()}` };
    const allowance = DEFAULT_POINTS_RULES.deviceDailyPoints / DEFAULT_POINTS_RULES.costs.vision;
    const all = await Promise.allSettled(
      Array.from({ length: allowance + 10 }, () => points.meter.reserve(payer, 'vision')),
    );
    const refused = all.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => (r.reason as AppError).key === 'errors.points_login_required')).toBe(true);
    const one = all.find((r) => r.status === 'fulfilled');
    if (one?.status !== 'fulfilled') throw new Error('no reservation');
    await one.value.release();
    await expect(points.meter.reserve(payer, 'vision')).resolves.toBeDefined();
  });
});
