import type { AuditAction, AuditTargetType } from '@sfm/protocol/admin';
import type { Database, Transaction } from '../db/database.ts';
import { auditLog } from '../db/core-schema.ts';
import type { Clock } from '../security/clock.ts';

/** Who is making a change: the signed-in admin and the address the request came from. */
export interface AdminActor {
  adminId: string;
  ip: string;
}

/** The actor of an admin request (what a route hands its service). */
export const actorOf = (request: { identity: { adminId: string }; ip: string }): AdminActor => ({
  adminId: request.identity.adminId,
  ip: request.ip,
});

/** What a change did, as its audit row records it, and what it answers the caller. */
export interface AuditedChange<T> {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** What people call the target (a masked phone, an admin's name), as it was at the change. */
  targetLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  result: T;
}

/**
 * The one way anything an admin does reaches the database. The change runs in a transaction and
 * describes itself; its audit row is written in that same transaction, so no change is ever left
 * without its row, and a row that cannot be written undoes the change. The table itself refuses
 * UPDATE and DELETE (a trigger of the migration).
 */
export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async change<T>(actor: AdminActor, work: (tx: Transaction) => Promise<AuditedChange<T>>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const { result, ...entry } = await work(tx);
      await tx
        .insert(auditLog)
        .values({ ...entry, adminId: actor.adminId, ip: actor.ip, createdAt: this.clock() });
      return result;
    });
  }
}
