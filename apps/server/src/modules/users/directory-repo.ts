import type { AdminUsersQuery } from '@sfm/protocol/admin';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { isUuid, type Executor } from '../../db/database.ts';
import { analyses, refreshTokens, users } from '../../db/core-schema.ts';

/** A user with what the back office shows beside them. */
export type DirectoryRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'phone'
  | 'nickname'
  | 'userType'
  | 'speechRate'
  | 'createdAt'
  | 'lastActiveAt'
  | 'bannedAt'
  | 'banReason'
> & { analyses: number };

// spelled out: drizzle leaves columns of a one-table select unqualified, which a subquery would misread
const analysesCount = sql<number>`(select count(*)::int from analyses a where a.user_id = "users"."id")`;

const columns = {
  id: users.id,
  phone: users.phone,
  nickname: users.nickname,
  userType: users.userType,
  speechRate: users.speechRate,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
  analyses: analysesCount.as('analyses'),
};

/** `%` and `_` in a search are letters, not patterns. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(query: AdminUsersQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    conditions.push(
      or(like(users.phone, contains(query.search)), ilike(users.nickname, contains(query.search))),
    );
  }
  if (query.role === 'help_seeker') conditions.push(eq(users.userType, 0));
  if (query.role === 'volunteer') conditions.push(eq(users.userType, 1));
  if (query.role === 'unset') conditions.push(isNull(users.userType));
  if (query.status === 'banned') conditions.push(isNotNull(users.bannedAt));
  if (query.status === 'active') conditions.push(isNull(users.bannedAt));
  return and(...conditions);
}

function ordering(query: AdminUsersQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const key = {
    createdAt: users.createdAt,
    lastActiveAt: users.lastActiveAt,
    nickname: users.nickname,
    analyses: sql`"analyses"`,
  }[query.sort];
  // never-active users and users without a nickname go last either way; the id breaks ties, so pages never overlap
  return [sql`${direction(key)} nulls last`, asc(users.id)];
}

/** The back office's view of the users: a searchable, sortable list, and one user's history. */
export class UserDirectoryRepo {
  constructor(private readonly db: Executor) {}

  async page(query: AdminUsersQuery): Promise<{ rows: DirectoryRow[]; total: number }> {
    const where = filters(query);
    const [counted] = await this.db.select({ total: count() }).from(users).where(where);
    const rows = await this.db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows, total: counted?.total ?? 0 };
  }

  async find(id: string): Promise<DirectoryRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select(columns).from(users).where(eq(users.id, id));
    return row ?? null;
  }

  /** The user's logins (refresh-token families), latest first: whether each still lives. */
  async sessions(userId: string, now: Date, limit = 20) {
    const live = sql`${refreshTokens.revokedAt} is null and ${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > ${now}`;
    return this.db
      .select({
        startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
        lastRefreshedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
        expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
        active: sql<boolean>`coalesce(bool_or(${live}), false)`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))
      .groupBy(refreshTokens.familyId)
      .orderBy(sql`max(${refreshTokens.createdAt}) desc`)
      .limit(limit);
  }

  async recentAnalyses(userId: string, limit = 10) {
    return this.db
      .select({
        at: analyses.createdAt,
        scenario: analyses.scenario,
        engine: analyses.engine,
        durationMs: analyses.durationMs,
        outcome: analyses.outcome,
      })
      .from(analyses)
      .where(eq(analyses.userId, userId))
      .orderBy(desc(analyses.createdAt))
      .limit(limit);
  }
}
