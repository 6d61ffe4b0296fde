import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type DashboardAnalyses,
  type DashboardCalls,
  type DashboardFailures,
  type DashboardLatency,
  type DashboardSummary,
  type DashboardUsers,
  type DashboardPoints,
  type DateRangeQuery,
} from '@sfm/protocol/admin';
import { AppError } from '../../app-error.ts';
import { addDays, dayIn, daysFrom } from '../../calendar/calendar.ts';
import type { Clock } from '../../security/clock.ts';
import type { DashboardRepo, DayRange } from './repo.ts';

const byDay = <R extends { day: string }>(rows: R[]) => new Map(rows.map((r) => [r.day, r]));
/** A measured duration (ms or seconds) to the whole unit; null when nothing was measured. */
const rounded = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value);

/**
 * The dashboard's panels: today's headline numbers and, per day of a range (the last 30 days by
 * default, in the server's time zone), users, analyses by scenario, latency and failures. Every
 * day of the range is answered, zero when nothing happened.
 */
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepo,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  private today(): string {
    return dayIn(this.clock(), this.timeZone);
  }

  /** The query's range with its defaults filled in, checked again now that both ends are known. */
  range(query: DateRangeQuery): DayRange {
    const to = query.to ?? this.today();
    const from = query.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
    if (from > to) throw new AppError(400, 'errors.date_range_invalid', {}, { field: 'from' });
    if (daysFrom(from, to).length > DASHBOARD_MAX_DAYS) {
      throw new AppError(400, 'errors.date_range_too_long', {}, { field: 'from' });
    }
    return { from, to, timeZone: this.timeZone };
  }

  async summary(): Promise<DashboardSummary> {
    const today = this.today();
    const row = await this.repo.summary({ from: today, to: today, timeZone: this.timeZone });
    return {
      timeZone: this.timeZone,
      today,
      users: row.users,
      newUsersToday: row.new_users,
      activeUsersToday: row.active_users,
      analysesToday: row.analyses,
      medianAnalysisMsToday: rounded(row.median_ms),
      speechTextsToday: row.speech_texts,
    };
  }

  async users(query: DateRangeQuery): Promise<DashboardUsers> {
    const range = this.range(query);
    const [created, active] = await Promise.all([
      this.repo.newUsersPerDay(range),
      this.repo.activeUsersPerDay(range),
    ]);
    const newByDay = byDay(created);
    const activeByDay = byDay(active);
    return {
      from: range.from,
      to: range.to,
      days: daysFrom(range.from, range.to).map((day) => ({
        day,
        newUsers: newByDay.get(day)?.n ?? 0,
        activeUsers: activeByDay.get(day)?.n ?? 0,
      })),
    };
  }

  async analyses(query: DateRangeQuery): Promise<DashboardAnalyses> {
    const range = this.range(query);
    const rows = await this.repo.analysesPerDayAndScenario(range);
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
    const rows = byDay(await this.repo.latencyPerDay(range));
    return {
      from: range.from,
      to: range.to,
      days: daysFrom(range.from, range.to).map((day) => ({
        day,
        medianMs: rounded(rows.get(day)?.median),
        p95Ms: rounded(rows.get(day)?.p95),
      })),
    };
  }

  async failures(query: DateRangeQuery): Promise<DashboardFailures> {
    const range = this.range(query);
    const rows = byDay(await this.repo.failuresPerDay(range));
    return {
      from: range.from,
      to: range.to,
      days: daysFrom(range.from, range.to).map((day) => ({
        day,
        failed: rows.get(day)?.failed ?? 0,
        unusable: rows.get(day)?.unusable ?? 0,
        total: rows.get(day)?.total ?? 0,
      })),
    };
  }

  async points(query: DateRangeQuery): Promise<DashboardPoints> {
    const range = this.range(query);
    const rows = byDay(await this.repo.pointsPerDay(range));
    return {
      from: range.from,
      to: range.to,
      days: daysFrom(range.from, range.to).map((day) => ({
        day,
        granted: rows.get(day)?.granted ?? 0,
        consumed: rows.get(day)?.consumed ?? 0,
        recharged: rows.get(day)?.recharged ?? 0,
      })),
    };
  }

  async calls(query: DateRangeQuery): Promise<DashboardCalls> {
    const range = this.range(query);
    const rows = await this.repo.callsPerDay(range);
    const outcomes = (row: (typeof rows)[number] | undefined) => ({
      completed: row?.completed ?? 0,
      missed: row?.missed ?? 0,
      cancelled: row?.cancelled ?? 0,
      failed: row?.failed ?? 0,
      averageSeconds: rounded(row?.average),
      medianSeconds: rounded(row?.median),
      answerP50Seconds: rounded(row?.answer_p50),
      answerP90Seconds: rounded(row?.answer_p90),
      byVolunteers: row?.by_volunteers ?? 0,
      byOperators: row?.by_operators ?? 0,
      unanswered: row?.unanswered ?? 0,
    });
    const days = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day, r]));
    return {
      from: range.from,
      to: range.to,
      days: daysFrom(range.from, range.to).map((day) => ({ day, ...outcomes(days.get(day)) })),
      totals: outcomes(rows.find((r) => r.day === null)),
    };
  }
}
