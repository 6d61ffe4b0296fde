import type { AuditQuery } from '@sfm/protocol/admin';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { endOfDay, startOfDay } from '../../db/day-sql.ts';
import { admins, auditLog } from '../../db/core-schema.ts';

export type AuditRow = typeof auditLog.$inferSelect & { adminUsername: string };

/** Reads the audit log (it is written by the AuditLog alone). */
export class AuditRepo {
  constructor(private readonly db: Executor) {}

  async page(query: AuditQuery, timeZone: string): Promise<{ rows: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.action) conditions.push(eq(auditLog.action, query.action));
    if (query.adminId) conditions.push(eq(auditLog.adminId, query.adminId));
    if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
    if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
    if (query.from) conditions.push(gte(auditLog.createdAt, startOfDay(query.from, timeZone)));
    if (query.to) conditions.push(lt(auditLog.createdAt, endOfDay(query.to, timeZone)));
    const where = and(...conditions);
    const [counted] = await this.db.select({ total: count() }).from(auditLog).where(where);
    const rows = await this.db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        adminId: auditLog.adminId,
        adminUsername: admins.username,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        targetLabel: auditLog.targetLabel,
        before: auditLog.before,
        after: auditLog.after,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .innerJoin(admins, eq(admins.id, auditLog.adminId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Every admin that could appear in the log, for its filter. */
  async admins(): Promise<{ id: string; username: string }[]> {
    return this.db
      .select({ id: admins.id, username: admins.username })
      .from(admins)
      .orderBy(asc(admins.username));
  }
}
