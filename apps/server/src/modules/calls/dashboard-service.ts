import type { DateRangeQuery } from '@sfm/protocol/admin';
import type { DashboardCalls } from '@sfm/protocol/calls-admin';
import { dayRangeOf, perDay, rounded } from '../../calendar/day-range.ts';
import type { Clock } from '../../security/clock.ts';
import type { CallsDashboardRepo } from './dashboard-repo.ts';

type CallsRow = Awaited<ReturnType<CallsDashboardRepo['perDay']>>[number];

const outcomes = (row: CallsRow | undefined) => ({
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

/** The dashboard's calls panel: how the calls of each day ended, how long they took to answer and last. */
export class CallsDashboard {
  constructor(private readonly deps: { repo: CallsDashboardRepo; clock: Clock; timeZone: string }) {}

  async calls(query: DateRangeQuery): Promise<DashboardCalls> {
    const range = dayRangeOf(query, this.deps.clock(), this.deps.timeZone);
    const rows = await this.deps.repo.perDay(range);
    return {
      from: range.from,
      to: range.to,
      days: perDay(range, rows, outcomes),
      // the range's own row (day null): percentiles no per-day row could give
      totals: outcomes(rows.find((r) => r.day === null)),
    };
  }
}
