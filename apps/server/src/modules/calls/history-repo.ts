import type { CallRecord, CallWarning } from '@sfm/protocol/calls';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { callFeedback, calls, userBlocks } from '../../db/calls-schema.ts';

/** A call counts as help given from this long (issue 31: "say 15 s"). */
const HELP_MIN_SECONDS = 15;

/** What a member looks back on: their calls, the warnings they were given, their ratings and reports. */
export class HistoryRepo {
  constructor(private readonly db: Database) {}

  /**
   * A member's calls, newest first, with the other member's shown name; and how many times the
   * member helped: calls they answered that someone hung up after HELP_MIN_SECONDS. A call a reload
   * or a dropped network ended, or one over in seconds, is not help given.
   */
  async history(userId: string, limit: number): Promise<{ helpedCount: number; calls: CallRecord[] }> {
    const { rows } = await this.db.execute<{
      id: string;
      created_at: Date | string;
      status: CallRecord['status'];
      role: CallRecord['role'];
      peer_name: string | null;
      duration_seconds: number | null;
    }>(sql`
      select c.id, c.created_at, c.status,
        case when c.seeker_id = ${userId} then 'seeker' else 'helper' end as role,
        case when c.seeker_id = ${userId} then coalesce(v.nickname, case when c.operator_id is not null then '' end)
             else s.nickname end as peer_name,
        case when c.connected_at is not null and c.ended_at is not null
             then extract(epoch from c.ended_at - c.connected_at)::int end as duration_seconds
      from calls c
      join users s on s.id = c.seeker_id
      left join users v on v.id = c.volunteer_id
      where c.seeker_id = ${userId} or c.volunteer_id = ${userId}
      order by c.created_at desc
      limit ${limit}`);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(calls)
      .where(
        and(
          eq(calls.volunteerId, userId),
          eq(calls.status, 'completed'),
          sql`${calls.endReason} is distinct from 'connection_lost'`,
          sql`${calls.endedAt} - ${calls.connectedAt} >= make_interval(secs => ${HELP_MIN_SECONDS})`,
        ),
      );
    return {
      helpedCount: count?.n ?? 0,
      calls: rows.map((r) => ({
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        status: r.status,
        role: r.role,
        peerName: r.peer_name,
        durationSeconds: r.duration_seconds,
      })),
    };
  }

  /** The warnings the back office gave this member after reports about their calls, newest first. */
  async warnings(userId: string, limit: number): Promise<CallWarning[]> {
    const rows = await this.db
      .select({
        callId: callFeedback.callId,
        callAt: calls.createdAt,
        warnedAt: callFeedback.handledAt,
        reason: callFeedback.reportReason,
      })
      .from(callFeedback)
      .innerJoin(calls, eq(calls.id, callFeedback.callId))
      .where(and(eq(callFeedback.aboutUserId, userId), eq(callFeedback.handling, 'warned')))
      .orderBy(desc(callFeedback.handledAt))
      .limit(limit);
    return rows.map((r) => ({
      callId: r.callId,
      callAt: r.callAt.toISOString(),
      warnedAt: (r.warnedAt ?? r.callAt).toISOString(),
      reason: r.reason as CallWarning['reason'],
    }));
  }

  /** Stores a member's rating/report (a second one replaces the first) and a block, together. */
  async saveFeedback(feedback: {
    callId: string;
    userId: string;
    aboutUserId: string | null;
    helpful: boolean | null;
    reportReason: string | null;
    reportNote: string;
    block: boolean;
    now: Date;
  }): Promise<void> {
    const { block, now, ...row } = feedback;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(callFeedback)
        .values({ ...row, createdAt: now })
        .onConflictDoUpdate({
          target: [callFeedback.callId, callFeedback.userId],
          set: { helpful: row.helpful, reportReason: row.reportReason, reportNote: row.reportNote },
        });
      if (block && row.aboutUserId) {
        await tx
          .insert(userBlocks)
          .values({ blockerId: row.userId, blockedId: row.aboutUserId, createdAt: now })
          .onConflictDoNothing();
      }
    });
  }
}
