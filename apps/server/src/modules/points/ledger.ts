import type { PointsLogType, PointsRules, PointsScene } from '@sfm/protocol/points';
import { AppError } from '../../app-error.ts';
import { dayIn } from '../../calendar/calendar.ts';
import type { Database, Transaction } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import { LedgerRepo, type AccountRow, type EntryRow } from './ledger-repo.ts';
import type { PointsRulesStore, VersionedRules } from './points-rules.ts';

/** One change of a balance, before it is written. */
export interface Movement {
  type: PointsLogType;
  scene: PointsScene;
  remark: string | null;
  /** Unique per account: the same key twice is one entry. */
  key: string;
  free?: number;
  vip?: number;
  paid?: number;
  adminId?: string | null;
}

/**
 * How a ledger transaction commits. `durable` (the default: credits, gifts, grants) waits for the
 * WAL flush. `metering` (holds and the consume entries of metered use) does not wait: a crash may
 * lose the last few hundred milliseconds of charges (uses that then cost nothing) but never
 * corrupts or unbalances the ledger, and a use no longer pays a disk flush (see the points bench).
 */
export type Durability = 'durable' | 'metering';

/** What an operation inside the ledger's lock sees and may change. */
export interface LockedAccount {
  account: AccountRow;
  rules: VersionedRules;
  now: Date;
  today: string;
  tx: Transaction;
  /** Points set aside by running metered work (not spendable by anyone else). */
  held(): Promise<number>;
  /** Writes an entry (unless its key exists: then returns the existing one) and moves the buckets. */
  write(movement: Movement): Promise<EntryRow>;
}

export const total = (a: Pick<AccountRow, 'freePoints' | 'vipPoints' | 'paidPoints'>) =>
  a.freePoints + a.vipPoints + a.paidPoints;

export const isVip = (account: AccountRow, now: Date) =>
  account.vipExpiresAt !== null && account.vipExpiresAt > now;

/** Takes `amount` out of the buckets in spending order: free, then VIP, then paid. */
export function drawInOrder(
  account: AccountRow,
  amount: number,
): { free: number; vip: number; paid: number } {
  const free = Math.min(account.freePoints, amount);
  const vip = Math.min(account.vipPoints, amount - free);
  const paid = Math.min(account.paidPoints, amount - free - vip);
  return { free: -free, vip: -vip, paid: -paid };
}

export const insufficientPoints = () => new AppError(402, 'errors.points_insufficient');

/**
 * The exact ledger. Every change of a user's points is one transaction that locks the account
 * row, makes the day's due grants (free bucket refilled to its allotment, the VIP bucket to its
 * plan's, an ended VIP period's points taken back), then the operation's own entries; each entry
 * carries the buckets it moved and the balance after it. Entries are append-only (a trigger), so
 * the sum of a user's entries is always the balance, and bucket CHECKs keep each bucket ≥ 0.
 */
export class PointsLedger {
  constructor(
    private readonly db: Database,
    private readonly rulesStore: PointsRulesStore,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  today(now: Date = this.clock()): string {
    return dayIn(now, this.timeZone);
  }

  /**
   * Runs `operation` with the user's account locked and today's grants made; inside `outer` when
   * given (an admin's change: the entry and its audit row commit together).
   */
  async withAccount<T>(
    userId: string,
    operation: (locked: LockedAccount) => Promise<T>,
    options: { outer?: Transaction; durability?: Durability } = {},
  ): Promise<T> {
    const rules = await this.rulesStore.current();
    return (options.outer ?? this.db).transaction(async (tx) => {
      const repo = new LedgerRepo(tx);
      const now = this.clock();
      const today = this.today(now);
      const account = await repo.lockAccount(userId, { relaxed: options.durability === 'metering' });
      const locked: LockedAccount = {
        account,
        rules,
        now,
        today,
        tx,
        held: () => repo.heldPoints(userId, now),
        write: async (movement) => {
          const free = movement.free ?? 0;
          const vip = movement.vip ?? 0;
          const paid = movement.paid ?? 0;
          const after = {
            freePoints: account.freePoints + free,
            vipPoints: account.vipPoints + vip,
            paidPoints: account.paidPoints + paid,
          };
          if (after.freePoints < 0 || after.vipPoints < 0 || after.paidPoints < 0) {
            // a key already written is the answer, not a refusal (a retried spend)
            const existing = await repo.findEntry(userId, movement.key);
            if (existing) return existing;
            throw insufficientPoints();
          }
          // one round trip in the common case: the unique key turns a repeat into "nothing inserted"
          const entry = await repo.insertEntry({
            userId,
            type: movement.type,
            scene: movement.scene,
            amount: free + vip + paid,
            freeDelta: free,
            vipDelta: vip,
            paidDelta: paid,
            balanceAfter: total(after),
            remark: movement.remark,
            configVersion: rules.version,
            idempotencyKey: movement.key,
            adminId: movement.adminId ?? null,
            createdAt: now,
          });
          if (!entry) {
            const existing = await repo.findEntry(userId, movement.key);
            if (!existing) throw new Error('points entry neither inserted nor found');
            return existing;
          }
          Object.assign(account, after);
          return entry;
        },
      };
      const before = { ...account };
      await this.makeDailyGrants(locked, rules.rules);
      const result = await operation(locked);
      if (!sameAccount(before, account)) await repo.saveAccount(account, now);
      return result;
    });
  }

  /** The due grants of the day: each one an entry, each made once (its key names the day). */
  private async makeDailyGrants(locked: LockedAccount, rules: PointsRules): Promise<void> {
    const { account, now, today } = locked;
    if (account.freeDay !== today) {
      const refill = rules.dailyFreePoints - account.freePoints;
      if (refill !== 0) {
        await locked.write({
          type: 'other',
          scene: 'other',
          remark: '每日免费积分',
          key: `free:${today}`,
          free: refill,
        });
      }
      account.freeDay = today;
      account.freeOriginal = rules.dailyFreePoints;
    }
    if (account.vipExpiresAt !== null && account.vipExpiresAt <= now && account.vipDailyPoints > 0) {
      // the period ended: its unspent points go, and the grants stop
      if (account.vipPoints > 0)
        await locked.write({
          type: 'vip',
          scene: 'vip_subscription',
          remark: '会员到期',
          key: `vip-end:${account.vipExpiresAt.toISOString()}`,
          vip: -account.vipPoints,
        });
      account.vipDailyPoints = 0;
      account.vipOriginal = 0;
    }
    if (isVip(account, now) && account.vipDay !== today) {
      await this.refillVip(locked, '会员每日积分', `vip:${today}`);
    }
  }

  /** Refills the VIP bucket to the plan's daily points (not accumulated), as one entry. */
  async refillVip(locked: LockedAccount, remark: string, key: string): Promise<EntryRow> {
    const { account } = locked;
    const entry = await locked.write({
      type: 'vip',
      scene: 'vip_subscription',
      remark,
      key,
      vip: account.vipDailyPoints - account.vipPoints,
    });
    account.vipDay = locked.today;
    account.vipOriginal = account.vipDailyPoints;
    return entry;
  }

  /** The account after today's grants (a read that is the day's first use makes them). */
  async account(userId: string): Promise<{ account: AccountRow; now: Date }> {
    const repo = new LedgerRepo(this.db);
    const now = this.clock();
    const existing = await repo.findAccount(userId);
    // nothing due: answer without a lock (the common case, every read after the first of the day)
    if (existing && !this.grantsDue(existing, now)) return { account: existing, now };
    return this.withAccount(userId, (locked) =>
      Promise.resolve({ account: { ...locked.account }, now: locked.now }),
    );
  }

  private grantsDue(account: AccountRow, now: Date): boolean {
    const today = this.today(now);
    if (account.freeDay !== today) return true;
    if (account.vipExpiresAt === null) return false;
    if (account.vipExpiresAt <= now) return account.vipDailyPoints > 0;
    return account.vipDay !== today;
  }

  /**
   * Spends `amount` now (free, then VIP, then paid), refused whole when the spendable points fall
   * short. Committed as metering is (a consume entry: see Durability).
   */
  spend(
    userId: string,
    amount: number,
    movement: Omit<Movement, 'free' | 'vip' | 'paid'>,
  ): Promise<EntryRow> {
    return this.withAccount(
      userId,
      async (locked) => {
        if (total(locked.account) - (await locked.held()) < amount) {
          // a spend already made under this key is its answer, even when nothing is left now
          const existing = await new LedgerRepo(locked.tx).findEntry(userId, movement.key);
          if (existing) return existing;
          throw insufficientPoints();
        }
        return locked.write({ ...movement, ...drawInOrder(locked.account, amount) });
      },
      { durability: 'metering' },
    );
  }
}

function sameAccount(a: AccountRow, b: AccountRow): boolean {
  return (Object.keys(a) as (keyof AccountRow)[]).every((k) => {
    const x = a[k];
    const y = b[k];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });
}
