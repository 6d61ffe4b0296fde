import { maskPhone } from '@sfm/protocol/admin';
import {
  type AdminGiftRequest,
  type AdminPointsConfig,
  type AdminUserPoints,
} from '@sfm/protocol/points-admin';
import { OrderKind, type PointsRules } from '@sfm/protocol/points';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Database } from '../../db/database.ts';
import type { People } from '../../module-context.ts';
import { drawInOrder, insufficientPoints, total, type PointsLedger } from './ledger.ts';
import { LedgerRepo } from './ledger-repo.ts';
import { OrdersRepo } from './payments/orders-repo.ts';
import type { PointsRulesStore } from './points-rules.ts';
import { RulesRepo } from './rules-repo.ts';
import { toDetails, toLogEntry } from './service.ts';

/** Entries the users drawer shows. */
const DRAWER_ENTRIES = 20;
const userNotFound = () => new AppError(404, 'errors.user_not_found');

/** The back office's side of points: the rules (versioned, audited), a user's points, gifts. */
export class PointsAdminService {
  constructor(
    private readonly db: Database,
    private readonly ledger: PointsLedger,
    private readonly rules: PointsRulesStore,
    private readonly audit: AuditLog,
    /** Who saved the rules, and whom a gift is for. */
    private readonly people: People,
  ) {}

  async config(): Promise<AdminPointsConfig> {
    await this.rules.read(new RulesRepo(this.db)); // writes version 1 on a fresh database
    const row = await new RulesRepo(this.db).latest();
    if (!row) throw new Error('points rules missing');
    const admin = row.adminId ? await this.people.admin(row.adminId) : null;
    return {
      version: row.version,
      savedAt: row.createdAt.toISOString(),
      savedBy: admin?.username ?? null,
      rules: row.rules as PointsRules,
    };
  }

  async updateConfig(actor: AdminActor, rules: PointsRules): Promise<AdminPointsConfig> {
    await this.audit.change(actor, async (tx) => {
      const { before, after } = await this.rules.replace(tx, rules, actor.adminId);
      return {
        action: 'points.config_update',
        targetType: 'points_config',
        targetId: String(after.version),
        targetLabel: `v${after.version}`,
        before: before.rules,
        after: after.rules,
        result: null,
      };
    });
    return this.config();
  }

  async userPoints(userId: string): Promise<AdminUserPoints> {
    if (!(await this.people.user(userId))) throw userNotFound();
    const { account, now } = await this.ledger.account(userId);
    const { rows } = await new LedgerRepo(this.db).entries(userId, undefined, DRAWER_ENTRIES, 0);
    const shortfalls = await new OrdersRepo(this.db).refundShortfalls(userId, DRAWER_ENTRIES);
    return {
      details: toDetails(account, now),
      entries: rows.map(toLogEntry),
      refundShortfalls: shortfalls.map((o) => ({
        orderId: o.id,
        kind: OrderKind.parse(o.kind),
        amountFen: o.amountFen,
        paidAt: o.paidAt?.toISOString() ?? null,
        points: o.refundShortfall ?? 0,
      })),
    };
  }

  /** Gives points (to the paid bucket, which never expires) or takes them back in spending order. */
  async gift(actor: AdminActor, { userId, amount, reason }: AdminGiftRequest): Promise<AdminUserPoints> {
    const user = await this.people.user(userId);
    if (!user) throw userNotFound();
    await this.audit.change(actor, (tx) =>
      this.ledger.withAccount(
        userId,
        async (locked) => {
          const balance = total(locked.account);
          if (amount < 0 && balance < -amount) throw insufficientPoints();
          await locked.write({
            type: 'gift',
            scene: 'other',
            remark: reason,
            key: `gift:${randomUUID()}`,
            adminId: actor.adminId,
            ...(amount > 0 ? { paid: amount } : drawInOrder(locked.account, -amount)),
          });
          return {
            action: 'points.gift' as const,
            targetType: 'user' as const,
            targetId: userId,
            targetLabel: maskPhone(user.phone),
            before: { balance },
            after: { balance: total(locked.account), amount, reason },
            result: null,
          };
        },
        { outer: tx },
      ),
    );
    return this.userPoints(userId);
  }
}
