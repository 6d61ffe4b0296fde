import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { endOfDay, localDate, startOfDay } from '../../db/day-sql.ts';
import { analyses, calls, pointsEntries, speechTexts, userActiveDays, users } from '../../db/schema.ts';

/** Days `from`..`to` (inclusive) of the server's time zone. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

const within = (column: SQLWrapper, range: DayRange): SQL =>
  sql`${column} >= ${startOfDay(range.from, range.timeZone)} and ${column} < ${endOfDay(range.to, range.timeZone)}`;

/**
 * The dashboard's numbers, each one SQL aggregate over the tables the product writes as it is
 * used (never counters kept in a process), so every node answers the same. Day ranges filter on
 * the indexed timestamp; the day of each row is taken in the server's time zone.
 */
export class DashboardRepo {
  constructor(private readonly db: Executor) {}

  async summary(today: DayRange) {
    const {
      rows: [row],
    } = await this.db.execute<{
      users: number;
      new_users: number;
      active_users: number;
      analyses: number;
      median_ms: number | null;
      speech_texts: number;
    }>(sql`
      select
        (select count(*)::int from ${users}) as users,
        (select count(*)::int from ${users} where ${within(users.createdAt, today)}) as new_users,
        (select count(*)::int from ${userActiveDays} where ${userActiveDays.day} = ${today.from}::date) as active_users,
        (select count(*)::int from ${analyses} where ${within(analyses.createdAt, today)}) as analyses,
        (select percentile_cont(0.5) within group (order by ${analyses.durationMs}) from ${analyses}
          where ${within(analyses.createdAt, today)} and ${analyses.outcome} = 'ok') as median_ms,
        (select count(*)::int from ${speechTexts} where ${within(speechTexts.createdAt, today)}) as speech_texts
    `);
    if (!row) throw new Error('the summary query answered no row');
    return row;
  }

  async newUsersPerDay(range: DayRange) {
    const { rows } = await this.db.execute<{ day: string; n: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, n from (
        select ${localDate(users.createdAt, range.timeZone)} as day, count(*)::int as n
        from ${users} where ${within(users.createdAt, range)} group by 1) per_day`);
    return rows;
  }

  async activeUsersPerDay(range: DayRange) {
    const { rows } = await this.db.execute<{ day: string; n: number }>(sql`
      select to_char(${userActiveDays.day}, 'YYYY-MM-DD') as day, count(*)::int as n
      from ${userActiveDays}
      where ${userActiveDays.day} between ${range.from}::date and ${range.to}::date group by 1`);
    return rows;
  }

  async analysesPerDayAndScenario(range: DayRange) {
    const { rows } = await this.db.execute<{ day: string; scenario: string; n: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, scenario, n from (
        select ${localDate(analyses.createdAt, range.timeZone)} as day, ${analyses.scenario} as scenario,
          count(*)::int as n
        from ${analyses} where ${within(analyses.createdAt, range)} group by 1, 2) per_day`);
    return rows;
  }

  async latencyPerDay(range: DayRange) {
    const { rows } = await this.db.execute<{ day: string; median: number; p95: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, median, p95 from (
        select ${localDate(analyses.createdAt, range.timeZone)} as day,
          percentile_cont(0.5) within group (order by ${analyses.durationMs}) as median,
          percentile_cont(0.95) within group (order by ${analyses.durationMs}) as p95
        from ${analyses} where ${within(analyses.createdAt, range)} and ${analyses.outcome} = 'ok'
        group by 1) per_day`);
    return rows;
  }

  async failuresPerDay(range: DayRange) {
    const { rows } = await this.db.execute<{
      day: string;
      failed: number;
      unusable: number;
      total: number;
    }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, failed, unusable, total from (
        select ${localDate(analyses.createdAt, range.timeZone)} as day,
          (count(*) filter (where ${analyses.outcome} = 'failed'))::int as failed,
          (count(*) filter (where ${analyses.outcome} = 'unusable'))::int as unusable, count(*)::int as total
        from ${analyses} where ${within(analyses.createdAt, range)} group by 1) per_day`);
    return rows;
  }

  /**
   * How the calls asked for on each day ended, the average and median length of the completed
   * ones, the median and 90th percentile of the wait until someone answered, and who answered (an
   * operator, else a volunteer, or nobody); with one more row (day null) over the whole range,
   * whose percentiles no per-day row could give. Calls still ringing or connected are left out:
   * they have no outcome yet.
   */
  async callsPerDay(range: DayRange) {
    const duration = sql`extract(epoch from ${calls.endedAt} - ${calls.connectedAt})`;
    const completed = sql`${calls.status} = 'completed' and ${calls.connectedAt} is not null`;
    const wait = sql`extract(epoch from ${calls.connectedAt} - ${calls.createdAt})::float8`;
    const answered = sql`${calls.connectedAt} is not null`;
    const { rows } = await this.db.execute<{
      day: string | null;
      completed: number;
      missed: number;
      cancelled: number;
      failed: number;
      average: number | null;
      median: number | null;
      answer_p50: number | null;
      answer_p90: number | null;
      by_volunteers: number;
      by_operators: number;
      unanswered: number;
    }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, completed, missed, cancelled, failed, average, median,
        answer_p50, answer_p90, by_volunteers, by_operators, unanswered from (
        select ${localDate(calls.createdAt, range.timeZone)} as day,
          (count(*) filter (where ${calls.status} = 'completed'))::int as completed,
          (count(*) filter (where ${calls.status} = 'missed'))::int as missed,
          (count(*) filter (where ${calls.status} = 'cancelled'))::int as cancelled,
          (count(*) filter (where ${calls.status} = 'failed'))::int as failed,
          (avg(${duration}) filter (where ${completed}))::float8 as average,
          percentile_cont(0.5) within group (order by ${duration}::float8) filter (where ${completed}) as median,
          percentile_cont(0.5) within group (order by ${wait}) filter (where ${answered}) as answer_p50,
          percentile_cont(0.9) within group (order by ${wait}) filter (where ${answered}) as answer_p90,
          (count(*) filter (where ${answered} and ${calls.operatorId} is null))::int as by_volunteers,
          (count(*) filter (where ${answered} and ${calls.operatorId} is not null))::int as by_operators,
          (count(*) filter (where not ${answered}))::int as unanswered
        from ${calls}
        where ${within(calls.createdAt, range)}
          and ${calls.status} in ('completed', 'missed', 'cancelled', 'failed')
        group by grouping sets ((1), ())) per_day`);
    return rows;
  }

  /** Points given (daily grants, rewards, gifts, VIP), spent and bought per day, from the ledger. */
  async pointsPerDay(range: DayRange) {
    const { rows } = await this.db.execute<{
      day: string;
      granted: number;
      consumed: number;
      recharged: number;
    }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, granted, consumed, recharged from (
        select ${localDate(pointsEntries.createdAt, range.timeZone)} as day,
          coalesce(sum(${pointsEntries.amount}) filter (
            where ${pointsEntries.type} not in ('consume', 'recharge') and ${pointsEntries.amount} > 0), 0)::int as granted,
          coalesce(-sum(${pointsEntries.amount}) filter (where ${pointsEntries.type} = 'consume'), 0)::int as consumed,
          coalesce(sum(${pointsEntries.amount}) filter (where ${pointsEntries.type} = 'recharge'), 0)::int as recharged
        from ${pointsEntries} where ${within(pointsEntries.createdAt, range)} group by 1) per_day`);
    return rows;
  }
}
