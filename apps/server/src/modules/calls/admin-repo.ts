import type {
  AdminCallRecord,
  AdminCallReport,
  AdminCallStats,
  CallReportHandling,
} from '@sfm/protocol/calls-admin';
import { CALL_STATUSES, type CallStatus } from '@sfm/protocol/calls';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { endOfDay, startOfDay } from '../../db/day-sql.ts';
import { callFeedback } from '../../db/calls-schema.ts';

export interface CallFilters {
  status?: CallStatus;
  from?: string;
  to?: string;
}

type RecordRow = {
  id: string;
  created_at: Date | string;
  status: CallStatus;
  language: string;
  seeker_nickname: string | null;
  seeker_phone: string | null;
  volunteer_id: string | null;
  volunteer_nickname: string | null;
  volunteer_phone: string | null;
  operator_username: string | null;
  duration_seconds: number | null;
  wait_seconds: number | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The back office's queries over calls and their reports: SQL aggregates, the same on every node. */
export class CallsAdminRepo {
  constructor(
    private readonly db: Executor,
    private readonly timeZone: string,
  ) {}

  /** The same queries inside a transaction: an audited change writes its row in the same one. */
  within(tx: Executor): CallsAdminRepo {
    return new CallsAdminRepo(tx, this.timeZone);
  }

  private where(filters: CallFilters): SQL {
    const parts: SQL[] = [sql`true`];
    if (filters.status) parts.push(sql`c.status = ${filters.status}`);
    if (filters.from) parts.push(sql`c.created_at >= ${startOfDay(filters.from, this.timeZone)}`);
    if (filters.to) parts.push(sql`c.created_at < ${endOfDay(filters.to, this.timeZone)}`);
    return sql.join(parts, sql` and `);
  }

  async records(
    filters: CallFilters,
    page: number,
    pageSize: number,
  ): Promise<{ rows: (Omit<AdminCallRecord, 'seeker' | 'helper'> & Names)[]; total: number }> {
    const where = this.where(filters);
    const { rows } = await this.db.execute<RecordRow>(sql`
      select c.id, c.created_at, c.status, c.language,
        s.nickname as seeker_nickname, s.phone as seeker_phone,
        c.volunteer_id, v.nickname as volunteer_nickname, v.phone as volunteer_phone,
        a.username as operator_username,
        case when c.connected_at is not null and c.ended_at is not null
          then extract(epoch from c.ended_at - c.connected_at)::int end as duration_seconds,
        case when c.connected_at is not null
          then extract(epoch from c.connected_at - c.created_at)::int end as wait_seconds
      from calls c
      join users s on s.id = c.seeker_id
      left join users v on v.id = c.volunteer_id
      left join admins a on a.id = c.operator_id
      where ${where}
      order by c.created_at desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`);
    const { rows: counted } = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from calls c where ${where}`,
    );
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((r) => ({
        id: r.id,
        createdAt: iso(r.created_at),
        status: r.status,
        language: r.language,
        helperKind: r.operator_username !== null ? 'operator' : r.volunteer_id !== null ? 'volunteer' : null,
        durationSeconds: r.duration_seconds,
        waitSeconds: r.wait_seconds,
        seekerNickname: r.seeker_nickname,
        seekerPhone: r.seeker_phone,
        volunteerId: r.volunteer_id,
        volunteerNickname: r.volunteer_nickname,
        volunteerPhone: r.volunteer_phone,
        operatorUsername: r.operator_username,
      })),
    };
  }

  async stats(filters: CallFilters): Promise<AdminCallStats> {
    const where = this.where(filters);
    const { rows } = await this.db.execute<{
      status: CallStatus;
      n: number;
    }>(sql`select c.status, count(*)::int as n from calls c where ${where} group by c.status`);
    const { rows: medians } = await this.db.execute<{ duration: number | null; wait: number | null }>(sql`
      select
        percentile_cont(0.5) within group (order by extract(epoch from c.ended_at - c.connected_at))
          filter (where c.connected_at is not null and c.ended_at is not null) as duration,
        percentile_cont(0.5) within group (order by extract(epoch from c.connected_at - c.created_at))
          filter (where c.connected_at is not null) as wait
      from calls c where ${where}`);
    const byStatus = Object.fromEntries(CALL_STATUSES.map((s) => [s, 0])) as Record<CallStatus, number>;
    for (const row of rows) byStatus[row.status] = row.n;
    const answered = byStatus.completed + byStatus.connected;
    const finished = byStatus.completed + byStatus.missed + byStatus.cancelled + byStatus.failed;
    const round = (v: number | null | undefined) =>
      v === null || v === undefined ? null : Math.round(Number(v));
    return {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      byStatus,
      answeredShare: finished === 0 ? null : byStatus.completed / finished,
      medianDurationSeconds: round(medians[0]?.duration),
      medianWaitSeconds: answered === 0 ? null : round(medians[0]?.wait),
    };
  }

  async reports(
    onlyOpen: boolean,
  ): Promise<(Omit<AdminCallReport, 'reporter' | 'reported'> & ReportNames)[]> {
    const { rows } = await this.db.execute<{
      call_id: string;
      user_id: string;
      about_user_id: string | null;
      report_reason: AdminCallReport['reason'];
      report_note: string;
      created_at: Date | string;
      handled_at: Date | string | null;
      handling: CallReportHandling | null;
      reporter_nickname: string | null;
      reporter_phone: string | null;
      reported_nickname: string | null;
      reported_phone: string | null;
    }>(sql`
      select f.call_id, f.user_id, f.about_user_id, f.report_reason, f.report_note, f.created_at,
        f.handled_at, f.handling, r.nickname as reporter_nickname, r.phone as reporter_phone,
        t.nickname as reported_nickname, t.phone as reported_phone
      from call_feedback f
      join users r on r.id = f.user_id
      left join users t on t.id = f.about_user_id
      where f.report_reason is not null ${onlyOpen ? sql`and f.handled_at is null` : sql``}
      order by f.created_at
      limit 200`);
    return rows.map((r) => ({
      callId: r.call_id,
      reporterId: r.user_id,
      reportedId: r.about_user_id,
      reason: r.report_reason,
      note: r.report_note,
      createdAt: iso(r.created_at),
      handledAt: r.handled_at === null ? null : iso(r.handled_at),
      handling: r.handling,
      reporterNickname: r.reporter_nickname,
      reporterPhone: r.reporter_phone,
      reportedNickname: r.reported_nickname,
      reportedPhone: r.reported_phone,
    }));
  }

  /** Marks a report handled; null when there is no such report. */
  async handleReport(
    report: { callId: string; reporterId: string },
    handling: CallReportHandling,
    adminId: string,
    now: Date,
  ): Promise<{ before: string | null; reportedId: string | null; reportedPhone: string | null } | null> {
    const [current] = await this.db
      .execute<{ handling: string | null; about_user_id: string | null; phone: string | null }>(
        sql`
      select f.handling, f.about_user_id, u.phone from call_feedback f left join users u on u.id = f.about_user_id
      where f.call_id = ${report.callId} and f.user_id = ${report.reporterId} and f.report_reason is not null
      for update of f`,
      )
      .then((r) => r.rows);
    if (!current) return null;
    await this.db
      .update(callFeedback)
      .set({ handledAt: now, handledBy: adminId, handling })
      .where(and(eq(callFeedback.callId, report.callId), eq(callFeedback.userId, report.reporterId)));
    return { before: current.handling, reportedId: current.about_user_id, reportedPhone: current.phone };
  }
}

export interface Names {
  seekerNickname: string | null;
  seekerPhone: string | null;
  /** Who answered, when a volunteer did (a social-login account may have no phone). */
  volunteerId: string | null;
  volunteerNickname: string | null;
  volunteerPhone: string | null;
  operatorUsername: string | null;
}
export interface ReportNames {
  reporterNickname: string | null;
  reporterPhone: string | null;
  reportedNickname: string | null;
  reportedPhone: string | null;
}
