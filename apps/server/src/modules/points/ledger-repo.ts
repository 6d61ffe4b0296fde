import { and, count, desc, eq, getTableColumns, sql, sum } from 'drizzle-orm';
import type { PointsLogType } from '@sfm/protocol/points';
import type { Executor } from '../../db/database.ts';
import { pointsAccounts, pointsDeviceUsage, pointsEntries, pointsHolds } from '../../db/points-schema.ts';
import { RELAXED_COMMIT } from '../../db/relaxed-commit.ts';

export type AccountRow = typeof pointsAccounts.$inferSelect;
export type EntryRow = typeof pointsEntries.$inferSelect;
export type NewEntry = Omit<typeof pointsEntries.$inferInsert, 'id'>;

/**
 * A CTE that deletes the user's expired holds (work that died before committing or releasing
 * them): they count for nothing, and sweeping them rides on a statement the ledger runs anyway.
 */
const sweptHolds = (userId: string, now: Date) =>
  sql`swept as (delete from points_holds where user_id = ${userId} and expires_at <= ${now.toISOString()}::timestamptz)`;

/** The points the user's running work holds (0 without any). */
const liveHeld = (userId: string, now: Date) =>
  sql`coalesce((select sum(amount) from points_holds where user_id = ${userId} and expires_at > ${now.toISOString()}::timestamptz), 0)`;

/** The queries of the ledger; the transaction and the rules are the ledger's (ledger.ts). */
export class LedgerRepo {
  constructor(private readonly db: Executor) {}

  /**
   * The account row, locked until the transaction ends (created empty on first use), in one
   * statement: an upsert's DO UPDATE takes the row lock as SELECT … FOR UPDATE would. `relaxed`:
   * the transaction commits without waiting for the WAL flush (Durability in ledger.ts), set in
   * the same round trip.
   */
  async lockAccount(userId: string, options: { relaxed?: boolean } = {}): Promise<AccountRow> {
    const [row] = await this.db
      .insert(pointsAccounts)
      .values({ userId })
      .onConflictDoUpdate({ target: pointsAccounts.userId, set: { userId: sql`excluded.user_id` } })
      .returning({ ...getTableColumns(pointsAccounts), ...(options.relaxed ? RELAXED_COMMIT : {}) });
    if (!row) throw new Error('points account upsert returned no row');
    const { relaxed: _setting, ...account } = row as AccountRow & { relaxed?: string };
    return account;
  }

  async findAccount(userId: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(pointsAccounts).where(eq(pointsAccounts.userId, userId));
    return row;
  }

  async saveAccount(account: AccountRow, now: Date): Promise<void> {
    const { userId, ...values } = account;
    await this.db
      .update(pointsAccounts)
      .set({ ...values, updatedAt: now })
      .where(eq(pointsAccounts.userId, userId));
  }

  async findEntry(userId: string, idempotencyKey: string): Promise<EntryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pointsEntries)
      .where(and(eq(pointsEntries.userId, userId), eq(pointsEntries.idempotencyKey, idempotencyKey)));
    return row;
  }

  /** The new entry; undefined when its idempotency key was written before. */
  async insertEntry(entry: NewEntry): Promise<EntryRow | undefined> {
    const [row] = await this.db.insert(pointsEntries).values(entry).onConflictDoNothing().returning();
    return row;
  }

  /** Newest first, optionally of one type. */
  async entries(userId: string, type: PointsLogType | undefined, limit: number, offset: number) {
    const where = type
      ? and(eq(pointsEntries.userId, userId), eq(pointsEntries.type, type))
      : eq(pointsEntries.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(pointsEntries)
        .where(where)
        .orderBy(desc(pointsEntries.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(pointsEntries).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async sumOfEntries(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sum(pointsEntries.amount).mapWith(Number) })
      .from(pointsEntries)
      .where(eq(pointsEntries.userId, userId));
    return row?.total ?? 0;
  }

  /**
   * The points the user's running work holds; in the same round trip, deletes the holds of work
   * that died before committing or releasing them (expired: they count for nothing). Call it with
   * the account row locked, so the sweep races with nobody.
   */
  async heldPoints(userId: string, now: Date): Promise<number> {
    const { rows } = await this.db.execute<{ total: number }>(
      sql`with ${sweptHolds(userId, now)} select ${liveHeld(userId, now)}::integer as total`,
    );
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * Sets `amount` aside for running work if the spendable points, less what running work holds
   * already, cover it; sweeps expired holds in the same round trip. Undefined when they do not
   * cover it. Call it with the account row locked: the statement's snapshot then sees every hold
   * committed before the lock was granted.
   */
  async insertHoldIfCovered(hold: {
    userId: string;
    amount: number;
    spendable: number;
    now: Date;
    expiresAt: Date;
  }): Promise<string | undefined> {
    const { userId, amount, spendable, now } = hold;
    const { rows } = await this.db.execute<{ id: string }>(sql`
      with ${sweptHolds(userId, now)}
      insert into points_holds (user_id, amount, expires_at)
      select ${userId}, ${amount}, ${hold.expiresAt.toISOString()}::timestamptz
      where ${spendable}::integer - ${liveHeld(userId, now)} >= ${amount}::integer
      returning id`);
    return rows[0]?.id;
  }

  /**
   * Removes a hold; false when it was already gone (charged, released or swept). `relaxed`: its
   * transaction (the statement's own, outside one) skips the WAL flush wait.
   */
  async deleteHold(id: string, options: { relaxed?: boolean } = {}): Promise<boolean> {
    const rows = await this.db
      .delete(pointsHolds)
      .where(eq(pointsHolds.id, id))
      .returning({ id: pointsHolds.id, ...(options.relaxed ? RELAXED_COMMIT : {}) });
    return rows.length > 0;
  }

  /**
   * Adds `amount` to a device's use of the day if that stays within `allowance`, in one
   * statement (concurrent requests cannot both pass the last point); false when it would not.
   */
  async takeDeviceAllowance(deviceId: string, day: string, amount: number, allowance: number) {
    if (amount > allowance) return false;
    const rows = await this.db
      .insert(pointsDeviceUsage)
      .values({ deviceId, day, used: amount })
      .onConflictDoUpdate({
        target: [pointsDeviceUsage.deviceId, pointsDeviceUsage.day],
        set: { used: sql`${pointsDeviceUsage.used} + ${amount}` },
        setWhere: sql`${pointsDeviceUsage.used} + ${amount} <= ${allowance}`,
      })
      .returning({ used: pointsDeviceUsage.used });
    return rows.length > 0;
  }

  async returnDeviceAllowance(deviceId: string, day: string, amount: number): Promise<void> {
    await this.db
      .update(pointsDeviceUsage)
      .set({ used: sql`greatest(${pointsDeviceUsage.used} - ${amount}, 0)` })
      .where(and(eq(pointsDeviceUsage.deviceId, deviceId), eq(pointsDeviceUsage.day, day)));
  }
}
