import type { UserType } from '@sfm/protocol';
import {
  AnalysisOutcome,
  maskPhone,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminUsersQuery,
  type AdminUserSummary,
} from '@sfm/protocol/admin';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import type { Sessions, UserChanges, UserRow } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import { UserDirectoryRepo, type DirectoryRow } from './directory-repo.ts';
import { UsersRepo } from './repo.ts';

export function toUserSummary(row: DirectoryRow): AdminUserSummary {
  return {
    id: row.id,
    phoneMasked: maskPhone(row.phone),
    nickname: row.nickname,
    userType: row.userType === null ? null : (row.userType as UserType),
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    analyses: row.analyses,
    status: row.bannedAt ? 'banned' : 'active',
  };
}

const userNotFound = () => new AppError(404, 'errors.user_not_found');

type UserAction = 'user.ban' | 'user.unban' | 'user.set_role' | 'user.reset_nickname';

/** A change of a user, and what the audit row says it was. */
interface ChangePlan {
  changes: UserChanges;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The back office's users page: the list and one user's detail, and the changes an admin may make
 * to an account (ban, unban, role, nickname), each through the audit log.
 */
export class UserDirectoryService {
  constructor(
    private readonly directory: UserDirectoryRepo,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    /** Ends the user's open connections (sockets), which an access token no longer guards. */
    private readonly signOut: (userId: string) => void,
  ) {}

  async page(query: AdminUsersQuery): Promise<AdminUsersPage> {
    const { rows, total } = await this.directory.page(query);
    return { items: rows.map(toUserSummary), total, page: query.page, pageSize: query.pageSize };
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const row = await this.directory.find(userId);
    if (!row) throw userNotFound();
    const [sessions, recent] = await Promise.all([
      this.directory.sessions(userId, this.clock()),
      this.directory.recentAnalyses(userId),
    ]);
    return {
      user: toUserSummary(row),
      speechRate: Math.round(row.speechRate * 100) / 100,
      banReason: row.banReason,
      bannedAt: row.bannedAt?.toISOString() ?? null,
      sessions: sessions.map((s) => ({
        startedAt: s.startedAt.toISOString(),
        lastRefreshedAt: s.lastRefreshedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        active: s.active,
      })),
      recentAnalyses: recent.map((a) => ({
        at: a.at.toISOString(),
        scenario: a.scenario,
        engine: a.engine,
        durationMs: a.durationMs,
        outcome: AnalysisOutcome.parse(a.outcome),
      })),
    };
  }

  /**
   * Bans at once: every refresh-token family is revoked, open sockets are closed, and each later
   * request is refused.
   */
  async ban(actor: AdminActor, userId: string, reason: string): Promise<AdminUserSummary> {
    const banned = await this.changeUser(actor, userId, 'user.ban', async (tx, before, now) => {
      await this.sessions.revokeAll(userId, now, tx);
      return {
        changes: { bannedAt: before.bannedAt ?? now, banReason: reason, endSessions: true },
        before: { status: before.bannedAt ? 'banned' : 'active', banReason: before.banReason },
        after: { status: 'banned', banReason: reason },
      };
    });
    this.signOut(userId);
    return banned;
  }

  /** The user may log in again (the revoked sessions stay revoked). */
  unban(actor: AdminActor, userId: string, reason: string): Promise<AdminUserSummary> {
    return this.changeUser(actor, userId, 'user.unban', (_tx, before) => ({
      changes: { bannedAt: null, banReason: null },
      before: { status: before.bannedAt ? 'banned' : 'active', banReason: before.banReason },
      after: { status: 'active', reason },
    }));
  }

  setRole(actor: AdminActor, userId: string, userType: UserType): Promise<AdminUserSummary> {
    return this.changeUser(actor, userId, 'user.set_role', (_tx, before) => ({
      changes: { userType },
      before: { userType: before.userType },
      after: { userType },
    }));
  }

  resetNickname(actor: AdminActor, userId: string): Promise<AdminUserSummary> {
    return this.changeUser(actor, userId, 'user.reset_nickname', (_tx, before) => ({
      changes: { nickname: null },
      before: { nickname: before.nickname },
      after: { nickname: null },
    }));
  }

  /** One audited change of one user: lock the row, apply `plan`'s changes, answer the new summary. */
  private changeUser(
    actor: AdminActor,
    userId: string,
    action: UserAction,
    plan: (tx: Transaction, before: UserRow, now: Date) => ChangePlan | Promise<ChangePlan>,
  ): Promise<AdminUserSummary> {
    return this.audit.change(actor, async (tx) => {
      const users = new UsersRepo(tx);
      const current = await users.findForUpdate(userId);
      if (!current) throw userNotFound();
      const now = this.clock();
      const { changes, before, after } = await plan(tx, current, now);
      await users.update(userId, changes, now);
      const row = await new UserDirectoryRepo(tx).find(userId);
      if (!row) throw userNotFound();
      return {
        action,
        targetType: 'user',
        targetId: userId,
        targetLabel: maskPhone(current.phone),
        before,
        after,
        result: toUserSummary(row),
      };
    });
  }
}
