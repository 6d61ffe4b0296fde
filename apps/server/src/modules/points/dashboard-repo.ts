import { sql } from 'drizzle-orm';
import type { DayRange } from '../../calendar/day-range.ts';
import type { Executor } from '../../db/database.ts';
import { localDate, within } from '../../db/day-sql.ts';
import { pointsEntries } from '../../db/points-schema.ts';

/** The points' numbers on the dashboard: one SQL aggregate over the ledger's entries. */
export class PointsDashboardRepo {
  constructor(private readonly db: Executor) {}

  /** Points given (daily grants, rewards, gifts, VIP), spent and bought per day, from the ledger. */
  async perDay(range: DayRange) {
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
