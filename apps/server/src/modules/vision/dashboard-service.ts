import type {
  DashboardAnalyses,
  DashboardFailures,
  DashboardLatency,
  DateRangeQuery,
} from '@sfm/protocol/admin';
import { daysFrom } from '../../calendar/calendar.ts';
import { dayRangeOf, perDay, rounded, type DayRange } from '../../calendar/day-range.ts';
import type { DashboardFigures, SummaryFigures } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import type { AnalysesDashboardRepo } from './dashboard-repo.ts';

/** The dashboard's analyses: how many today and per day by scenario, their latency and failures. */
export class AnalysesDashboard implements DashboardFigures {
  constructor(
    private readonly repo: AnalysesDashboardRepo,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  private range(query: DateRangeQuery): DayRange {
    return dayRangeOf(query, this.clock(), this.timeZone);
  }

  async summary(today: DayRange): Promise<Partial<SummaryFigures>> {
    const row = await this.repo.today(today);
    return { analysesToday: row.analyses, medianAnalysisMsToday: rounded(row.median_ms) };
  }

  /** Per day, the count of each scenario; the scenarios ordered by their count over the range. */
  async analyses(query: DateRangeQuery): Promise<DashboardAnalyses> {
    const range = this.range(query);
    const rows = await this.repo.perDayAndScenario(range);
    const totals = new Map<string, number>();
    const days = new Map(daysFrom(range.from, range.to).map((day) => [day, new Map<string, number>()]));
    for (const { day, scenario, n } of rows) {
      days.get(day)?.set(scenario, n);
      totals.set(scenario, (totals.get(scenario) ?? 0) + n);
    }
    const scenarios = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([s]) => s);
    return {
      from: range.from,
      to: range.to,
      scenarios,
      days: [...days].map(([day, counts]) => ({
        day,
        total: [...counts.values()].reduce((sum, n) => sum + n, 0),
        counts: scenarios.map((s) => counts.get(s) ?? 0),
      })),
    };
  }

  async latency(query: DateRangeQuery): Promise<DashboardLatency> {
    const range = this.range(query);
    const rows = await this.repo.latencyPerDay(range);
    return {
      from: range.from,
      to: range.to,
      days: perDay(range, rows, (row) => ({ medianMs: rounded(row?.median), p95Ms: rounded(row?.p95) })),
    };
  }

  async failures(query: DateRangeQuery): Promise<DashboardFailures> {
    const range = this.range(query);
    const rows = await this.repo.failuresPerDay(range);
    return {
      from: range.from,
      to: range.to,
      days: perDay(range, rows, (row) => ({
        failed: row?.failed ?? 0,
        unusable: row?.unusable ?? 0,
        total: row?.total ?? 0,
      })),
    };
  }
}
