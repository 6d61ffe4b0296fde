import { sql } from 'drizzle-orm';
import type { DayRange } from '../../calendar/day-range.ts';
import type { Executor } from '../../db/database.ts';
import { localDate, within } from '../../db/day-sql.ts';
import { analyses } from '../../db/core-schema.ts';

/** The analyses' numbers on the dashboard, each one SQL aggregate over the analyses recorded. */
export class AnalysesDashboardRepo {
  constructor(private readonly db: Executor) {}

  async today(today: DayRange) {
    const {
      rows: [row],
    } = await this.db.execute<{ analyses: number; median_ms: number | null }>(sql`
      select
        (select count(*)::int from ${analyses} where ${within(analyses.createdAt, today)}) as analyses,
        (select percentile_cont(0.5) within group (order by ${analyses.durationMs}) from ${analyses}
          where ${within(analyses.createdAt, today)} and ${analyses.outcome} = 'ok') as median_ms
    `);
    if (!row) throw new Error('the analyses summary query answered no row');
    return row;
  }

  async perDayAndScenario(range: DayRange) {
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
}
