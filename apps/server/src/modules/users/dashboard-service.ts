import type { DashboardUsers, DateRangeQuery } from '@sfm/protocol/admin';
import { daysFrom } from '../../calendar/calendar.ts';
import { dayRangeOf, type DayRange } from '../../calendar/day-range.ts';
import type { DashboardFigures, SummaryFigures } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import type { UsersDashboardRepo } from './dashboard-repo.ts';

/** The dashboard's users: how many, and how many were new and active, today and per day. */
export class UsersDashboard implements DashboardFigures {
  constructor(
    private readonly repo: UsersDashboardRepo,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async summary(today: DayRange): Promise<Partial<SummaryFigures>> {
    const row = await this.repo.today(today);
    return { users: row.users, newUsersToday: row.new_users, activeUsersToday: row.active_users };
  }

  async users(query: DateRangeQuery): Promise<DashboardUsers> {
    const range = dayRangeOf(query, this.clock(), this.timeZone);
    const [created, active] = await Promise.all([
      this.repo.newUsersPerDay(range),
      this.repo.activeUsersPerDay(range),
    ]);
    const newByDay = new Map(created.map((row) => [row.day, row.n]));
    const activeByDay = new Map(active.map((row) => [row.day, row.n]));
    return {
      from: range.from,
      to: range.to,
      days: daysFrom(range.from, range.to).map((day) => ({
        day,
        newUsers: newByDay.get(day) ?? 0,
        activeUsers: activeByDay.get(day) ?? 0,
      })),
    };
  }
}
