import { sql } from 'drizzle-orm';
import type { DayRange } from '../../calendar/day-range.ts';
import type { Executor } from '../../db/database.ts';
import { localDate, within } from '../../db/day-sql.ts';
import { calls } from '../../db/calls-schema.ts';

/** The calls' numbers on the dashboard: one SQL aggregate over the calls recorded. */
export class CallsDashboardRepo {
  constructor(private readonly db: Executor) {}

  /**
   * How the calls asked for on each day ended, the average and median length of the completed
   * ones, the median and 90th percentile of the wait until someone answered, and who answered (an
   * operator, else a volunteer, or nobody); with one more row (day null) over the whole range,
   * whose percentiles no per-day row could give. Calls still ringing or connected are left out:
   * they have no outcome yet.
   */
  async perDay(range: DayRange) {
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
}
