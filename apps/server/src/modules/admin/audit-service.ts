import {
  AuditAction,
  AuditTargetType,
  type AuditAdmins,
  type AuditPage,
  type AuditQuery,
} from '@sfm/protocol/admin';
import type { AuditRepo } from './audit-repo.ts';

/** A jsonb snapshot as the JSON text the protocol carries. */
const snapshot = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

/** The audit page: the log, newest first, filtered by action, admin, target and days. */
export class AuditService {
  constructor(
    private readonly repo: AuditRepo,
    private readonly timeZone: string,
  ) {}

  async page(query: AuditQuery): Promise<AuditPage> {
    const { rows, total } = await this.repo.page(query, this.timeZone);
    return {
      items: rows.map((row) => ({
        id: String(row.id),
        at: row.createdAt.toISOString(),
        adminId: row.adminId,
        adminUsername: row.adminUsername,
        action: AuditAction.parse(row.action),
        targetType: AuditTargetType.parse(row.targetType),
        targetId: row.targetId,
        targetLabel: row.targetLabel,
        before: snapshot(row.before),
        after: snapshot(row.after),
        ip: row.ip,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async admins(): Promise<AuditAdmins> {
    return { items: await this.repo.admins() };
  }
}
