import type { DateRangeQuery } from '@sfm/protocol/admin';
import type { DashboardPoints } from '@sfm/protocol/points-admin';
import { dayRangeOf, perDay } from '../../calendar/day-range.ts';
import type { Clock } from '../../security/clock.ts';
import type { PointsDashboardRepo } from './dashboard-repo.ts';

/** The dashboard's points panel: points given, spent and bought per day. */
export class PointsDashboard {
  constructor(
    private readonly repo: PointsDashboardRepo,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async points(query: DateRangeQuery): Promise<DashboardPoints> {
    const range = dayRangeOf(query, this.clock(), this.timeZone);
    const rows = await this.repo.perDay(range);
    return {
      from: range.from,
      to: range.to,
      days: perDay(range, rows, (row) => ({
        granted: row?.granted ?? 0,
        consumed: row?.consumed ?? 0,
        recharged: row?.recharged ?? 0,
      })),
    };
  }
}
