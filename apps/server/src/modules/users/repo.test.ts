import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/harness/databases.ts';
import { UsersRepo } from './repo.ts';

describeOnEachDatabase('UsersRepo', (db) => {
  it('creates a user once per phone', async () => {
    const repo = new UsersRepo(db());
    const user = await repo.create({ phone: '13800000001', passwordHash: 'h', nickname: 'a' });
    expect(user).toMatchObject({ phone: '13800000001', nickname: 'a', userType: null, speechRate: 1 });
    expect(await repo.create({ phone: '13800000001', passwordHash: 'h2' })).toBeNull();
    expect((await repo.findByPhone('13800000001'))?.id).toBe(user?.id);
  });

  it('finds or creates a passwordless user, also under concurrency', async () => {
    const repo = new UsersRepo(db());
    const rows = await Promise.all([1, 2, 3].map(() => repo.findOrCreateByPhone('13800000002', new Date())));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(rows[0]?.passwordHash).toBeNull();
  });

  it('updates fields and ignores ids that are not uuids', async () => {
    const repo = new UsersRepo(db());
    const user = await repo.findOrCreateByPhone('13800000003', new Date());
    const now = new Date(Date.now() + 1000);
    const updated = await repo.update(user.id, { userType: 0, speechRate: 1.5 }, now);
    expect(updated).toMatchObject({ userType: 0, speechRate: 1.5 });
    expect(updated?.updatedAt.getTime()).toBe(now.getTime());
    expect(await repo.findById('not-a-uuid')).toBeNull();
    expect(await repo.update('not-a-uuid', { userType: 1 }, now)).toBeNull();
  });

  it('enforces user_type 0 or 1 in the database', async () => {
    const user = await new UsersRepo(db()).findOrCreateByPhone('13800000004', new Date());
    await expect(
      db().execute(sql`update users set user_type = 5 where id = ${user.id}`),
    ).rejects.toMatchObject({
      // drizzle wraps the driver error; the constraint name is on its cause
      cause: { constraint: 'users_user_type_check' },
    });
  });
});
