import {
  PointsScene,
  type PointsCatalogue,
  type PointsDetails,
  type PointsLogEntry,
  type PointsLogsPage,
  type PointsLogsQuery,
} from '@sfm/protocol/points';
import type { Database } from '../../db/database.ts';
import { isVip, total, type PointsLedger } from './ledger.ts';
import { LedgerRepo, type AccountRow, type EntryRow } from './ledger-repo.ts';
import type { PointsRulesStore } from './points-rules.ts';

export function toDetails(account: AccountRow, now: Date): PointsDetails {
  return {
    totalPoints: total(account),
    freePoints: account.freePoints,
    originalPoints: account.freeOriginal,
    vipPoints: account.vipPoints,
    originalVipPoints: account.vipOriginal,
    paidPoints: account.paidPoints,
    originalPaidPoints: account.paidOriginal,
    isVip: isVip(account, now),
    vipExpiryDate: account.vipExpiresAt?.toISOString() ?? null,
  };
}

export const toLogEntry = (row: EntryRow): PointsLogEntry => ({
  id: String(row.id),
  type: row.type as PointsLogEntry['type'],
  amount: row.amount,
  remark: row.remark,
  scene: PointsScene.parse(row.scene),
  createdAt: row.createdAt.toISOString(),
  after: row.balanceAfter,
});

/** A user's points as the app shows them (spec §7 details and logs) and what they can buy. */
export class PointsService {
  constructor(
    private readonly db: Database,
    private readonly ledger: PointsLedger,
    private readonly rules: PointsRulesStore,
  ) {}

  async details(userId: string): Promise<PointsDetails> {
    const { account, now } = await this.ledger.account(userId);
    return toDetails(account, now);
  }

  async logs(userId: string, query: PointsLogsQuery): Promise<PointsLogsPage> {
    // the day's grants belong in the history the user is about to read
    await this.ledger.account(userId);
    const { page, pageSize, type } = query;
    const { rows, total: count } = await new LedgerRepo(this.db).entries(
      userId,
      type,
      pageSize,
      (page - 1) * pageSize,
    );
    return {
      logs: rows.map(toLogEntry),
      pagination: { page, pageSize, total: count, totalPages: Math.ceil(count / pageSize) },
    };
  }

  async catalogue(): Promise<PointsCatalogue> {
    const { rules } = await this.rules.current();
    return {
      dailyFreePoints: rules.dailyFreePoints,
      costs: rules.costs,
      vipPlans: rules.vipPlans,
      rechargePackages: rules.rechargePackages,
    };
  }

  /**
   * The one-time reward for a person verified by an SMS code or a third-party login: one key per
   * account, so it is paid once however the account was verified, and however often.
   */
  async rewardVerification(userId: string, how: 'phone' | 'identity'): Promise<void> {
    await this.ledger.withAccount(userId, async (locked) => {
      const reward = locked.rules.rules.verificationReward;
      if (reward === 0) return;
      await locked.write({
        type: 'auth',
        scene: 'verification_reward',
        remark: how === 'phone' ? '手机号验证奖励' : '账号验证奖励',
        key: 'auth:verification',
        paid: reward,
      });
    });
  }
}
