import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { describeOnEachDatabase } from '../../../test/harness/databases.ts';
import { UsersRepo } from '../users/repo.ts';
import { RefreshTokenRepo, SmsCodeRepo } from './repo.ts';

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** Until a statement of another connection is waiting for a row lock. */
async function untilSomeoneWaitsForALock(db: Database): Promise<void> {
  for (;;) {
    const { rows } = await db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((r) => setImmediate(r));
  }
}

describeOnEachDatabase('RefreshTokenRepo', (db) => {
  it('serialises concurrent rotations with the row lock', async () => {
    const user = await new UsersRepo(db()).findOrCreateByPhone('13900000001', new Date());
    const repo = new RefreshTokenRepo(db());
    await repo.insert({ userId: user.id, familyId: randomUUID(), tokenHash: 'h1', expiresAt: later(60) });
    const rotate = () =>
      repo.transaction(async (tx) => {
        const row = await tx.findForUpdate('h1');
        if (!row || row.usedAt) return false;
        await new Promise((r) => setTimeout(r, 50)); // widen the race window
        await tx.markUsed(row.id, new Date());
        return true;
      });
    const outcomes = await Promise.all([rotate(), rotate(), rotate()]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it('revokes a whole family from any of its tokens; unknown tokens change nothing', async () => {
    const user = await new UsersRepo(db()).findOrCreateByPhone('13900000002', new Date());
    const repo = new RefreshTokenRepo(db());
    const family = randomUUID();
    const other = randomUUID();
    for (const [hash, fam] of [
      ['f1', family],
      ['f2', family],
      ['o1', other],
    ] as const) {
      await repo.insert({ userId: user.id, familyId: fam, tokenHash: hash, expiresAt: later(60) });
    }
    await repo.revokeFamilyOf('unknown', new Date());
    await repo.revokeFamilyOf('f1', new Date());
    const rows = await repo.transaction(async (tx) => ({
      f2: await tx.findForUpdate('f2'),
      o1: await tx.findForUpdate('o1'),
    }));
    expect(rows.f2?.revokedAt).toBeInstanceOf(Date);
    expect(rows.o1?.revokedAt).toBeNull();
  });

  // A revocation that meets a rotation in progress waits for its row lock; it must then also revoke
  // the token that rotation was issuing, or the logged-out (or replayed, or banned) session lives on.
  interface Issued {
    old: string;
    family: string;
    userId: string;
  }
  it.each([
    [
      'logout (the family of a token)',
      '13900000011',
      (repo: RefreshTokenRepo, t: Issued) => repo.revokeFamilyOf(t.old, new Date()),
    ],
    [
      'a replay (the family)',
      '13900000012',
      (repo: RefreshTokenRepo, t: Issued) => repo.revokeFamily(t.family, new Date()),
    ],
    [
      'ending every session (the user)',
      '13900000013',
      (repo: RefreshTokenRepo, t: Issued) => repo.revokeAllOfUser(t.userId, new Date()),
    ],
  ])('%s revokes the token a concurrent rotation was issuing', async (_, phone, revoke) => {
    const user = await new UsersRepo(db()).findOrCreateByPhone(phone, new Date());
    const repo = new RefreshTokenRepo(db());
    const family = randomUUID();
    const old = `old-${family}`;
    const next = `next-${family}`;
    await repo.insert({ userId: user.id, familyId: family, tokenHash: old, expiresAt: later(60) });

    let revoking: Promise<unknown> = Promise.resolve();
    await repo.transaction(async (tx) => {
      const row = await tx.findForUpdate(old);
      if (!row) throw new Error('the token was not stored');
      await tx.markUsed(row.id, new Date());
      await tx.insert({ userId: user.id, familyId: family, tokenHash: next, expiresAt: later(60) });
      revoking = revoke(repo, { old, family, userId: user.id });
      await untilSomeoneWaitsForALock(db());
    });
    await revoking;

    const issued = await repo.transaction((tx) => tx.findForUpdate(next));
    expect(issued?.revokedAt).toBeInstanceOf(Date);
  });
});

describeOnEachDatabase('SmsCodeRepo', (db) => {
  it('issues one code per resend window, atomically', async () => {
    const repo = new SmsCodeRepo(db());
    const now = new Date();
    const issue = (hash: string) =>
      repo.issue(
        { phone: '13900000003', codeHash: hash, sentAt: now, expiresAt: later(300) },
        new Date(now.getTime() - 60_000),
      );
    const results = await Promise.all(['a', 'b', 'c', 'd'].map(issue));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('counts failures and removes consumed codes', async () => {
    const repo = new SmsCodeRepo(db());
    const now = new Date();
    await repo.issue({ phone: '13900000004', codeHash: 'x', sentAt: now, expiresAt: later(300) }, now);
    expect(await repo.recordFailure('13900000004')).toBe(1);
    expect(await repo.recordFailure('13900000004')).toBe(2);
    await repo.remove('13900000004');
    expect(await repo.find('13900000004')).toBeNull();
  });
});
