import { z } from 'zod';
import { Day } from './admin-days.ts';
import { Count } from './admin-schema-parts.ts';

/** The back office's dashboard: its headline numbers and its per-day panels. */

/** The dashboard's headline numbers, "today" being the server's day. */
export const DashboardSummary = z.object({
  timeZone: z.string(),
  today: Day,
  users: Count,
  newUsersToday: Count,
  activeUsersToday: Count,
  analysesToday: Count,
  /** null when there was no successful analysis today. */
  medianAnalysisMsToday: z.number().nullable(),
  speechTextsToday: Count,
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/** Every panel answers for each day of the range, oldest first, zero-filled. */
const daysOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ from: Day, to: Day, days: z.array(z.object({ day: Day, ...shape })) });

export const DashboardUsers = daysOf({ newUsers: Count, activeUsers: Count });
export type DashboardUsers = z.infer<typeof DashboardUsers>;

export const DashboardAnalyses = z.object({
  from: Day,
  to: Day,
  /** The scenarios that occur in the range, most used first. */
  scenarios: z.array(z.string()),
  /** counts[i] is the day's number of analyses of scenarios[i]. */
  days: z.array(z.object({ day: Day, total: Count, counts: z.array(Count) })),
});
export type DashboardAnalyses = z.infer<typeof DashboardAnalyses>;

/** Latency of the successful analyses of each day; null on a day without any. */
export const DashboardLatency = daysOf({ medianMs: z.number().nullable(), p95Ms: z.number().nullable() });
export type DashboardLatency = z.infer<typeof DashboardLatency>;

/** Per day: analyses that failed, photos that could not be used (the user was told how to retake), all. */
export const DashboardFailures = daysOf({ failed: Count, unusable: Count, total: Count });
export type DashboardFailures = z.infer<typeof DashboardFailures>;

/** How an analysis ended (the `analyses` table); unusable: the photo could not be used, retake advised. */
export const AnalysisOutcome = z.enum(['ok', 'failed', 'cancelled', 'unusable']);
export type AnalysisOutcome = z.infer<typeof AnalysisOutcome>;
