import { sql } from 'drizzle-orm';
import type { DayRange } from '../../calendar/day-range.ts';
import type { Executor } from '../../db/database.ts';
import { localDate, within } from '../../db/day-sql.ts';
import { userActiveDays, users } from '../../db/core-schema.ts';

/** The users' numbers on the dashboard, each one SQL aggregate over the users and their active days. */
export class UsersDashboardRepo {
  constructor(private readonly db: Executor) {}

  async today(today: DayRange) {
    const {
      rows: [row],
    } = await this.db.execute<{ users: number; new_users: number; active_users: number }>(sql`
      select
        (select count(*)::int from ${users}) as users,
        (select count(*)::int from ${users} where ${within(users.createdAt, today)}) as new_users,
        (select count(*)::int from ${userActiveDays} where ${userActiveDays.day} = ${today.from}::date) as active_users
    `);
    if (!row) throw new Error('the users summary query answered no row');
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
}
