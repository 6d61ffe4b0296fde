import { z } from 'zod';
import { DateRangeQuery } from './admin-days.ts';
import { defineEndpoints } from './endpoint.ts';
import { CallReportReason, CallStatus } from './calls.ts';

/** The back office's view of video calls (issue 14): records, their statistics and the reports. */

const Timestamp = z.iso.datetime({ offset: true });
const Day = z.iso.date();

export const AdminCallsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: CallStatus.optional(),
  /** Calendar days (TIME_ZONE), both included. */
  from: Day.optional(),
  to: Day.optional(),
});
export type AdminCallsQuery = z.input<typeof AdminCallsQuery>;

export const AdminCallRecord = z.object({
  id: z.uuid(),
  createdAt: Timestamp,
  status: CallStatus,
  language: z.string(),
  /** The seeker's nickname and masked phone (the back office sees who called). */
  seeker: z.string(),
  /** The volunteer's nickname and masked phone, or the operator's name; null when nobody answered. */
  helper: z.string().nullable(),
  helperKind: z.enum(['volunteer', 'operator']).nullable(),
  /** Seconds from answer to end; null while ringing or for a call never answered. */
  durationSeconds: z.number().int().nullable(),
  /** Seconds from the call to the answer. */
  waitSeconds: z.number().int().nullable(),
});
export type AdminCallRecord = z.infer<typeof AdminCallRecord>;

export const AdminCallStats = z.object({
  total: z.number().int(),
  byStatus: z.record(CallStatus, z.number().int()),
  /** Share of the calls that ended that were answered (0–1), null with none. */
  answeredShare: z.number().nullable(),
  medianDurationSeconds: z.number().nullable(),
  medianWaitSeconds: z.number().nullable(),
});
export type AdminCallStats = z.infer<typeof AdminCallStats>;

const Count = z.number().int().min(0);
const Seconds = z.number().nullable();

/**
 * The dashboard's calls panel: per day (server's time zone, oldest first, zero-filled) how the calls
 * asked for that day ended, how long the completed ones lasted, how long answering took and who
 * answered; then the same over the range.
 */
const CallOutcomes = z.object({
  completed: Count,
  missed: Count,
  cancelled: Count,
  failed: Count,
  /** Of the completed calls; null without any. */
  averageSeconds: Seconds,
  medianSeconds: Seconds,
  /** From the ask to the answer, of the calls someone answered; null without any. */
  answerP50Seconds: Seconds,
  answerP90Seconds: Seconds,
  /** Who answered the calls that ended: a volunteer, an operator from the queue, or nobody. */
  byVolunteers: Count,
  byOperators: Count,
  unanswered: Count,
});

export const DashboardCalls = z.object({
  from: Day,
  to: Day,
  days: z.array(CallOutcomes.extend({ day: Day })),
  totals: CallOutcomes,
});
export type DashboardCalls = z.infer<typeof DashboardCalls>;

export const AdminCallsPage = z.object({
  items: z.array(AdminCallRecord),
  total: z.number().int(),
  /** Over every call the filters match, not only this page. */
  stats: AdminCallStats,
});
export type AdminCallsPage = z.infer<typeof AdminCallsPage>;

export const CallReportHandling = z.enum(['warned', 'dismissed', 'banned']);
export type CallReportHandling = z.infer<typeof CallReportHandling>;

export const AdminCallReport = z.object({
  callId: z.uuid(),
  reporterId: z.uuid(),
  reporter: z.string(),
  /** The member reported; null when the call was answered by an operator. */
  reportedId: z.uuid().nullable(),
  reported: z.string().nullable(),
  reason: CallReportReason,
  note: z.string(),
  createdAt: Timestamp,
  handledAt: Timestamp.nullable(),
  handling: CallReportHandling.nullable(),
});
export type AdminCallReport = z.infer<typeof AdminCallReport>;

export const AdminCallReportsQuery = z.strictObject({
  /** true: only the reports nobody handled yet. */
  open: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export const AdminCallReports = z.object({ items: z.array(AdminCallReport) });
export type AdminCallReports = z.infer<typeof AdminCallReports>;

/**
 * An operator handles a report: a warning or a dismissal is recorded here; a ban is made on the
 * users page (its ban, with its reason) and then recorded here as how the report was handled.
 */
export const AdminHandleCallReportRequest = z.strictObject({
  callId: z.uuid(),
  reporterId: z.uuid(),
  handling: CallReportHandling,
});
export type AdminHandleCallReportRequest = z.infer<typeof AdminHandleCallReportRequest>;

/** The back office's calls of the calls feature: its dashboard panel, the call records and the reports. */
export const callsAdminEndpoints = defineEndpoints({
  dashboardCalls: {
    method: 'GET',
    path: '/api/admin/dashboard/calls',
    access: 'admin',
    query: DateRangeQuery,
    data: DashboardCalls,
  },
  calls: {
    method: 'GET',
    path: '/api/admin/calls',
    access: 'admin',
    query: AdminCallsQuery,
    data: AdminCallsPage,
  },
  callReports: {
    method: 'GET',
    path: '/api/admin/calls/reports',
    access: 'admin',
    query: AdminCallReportsQuery,
    data: AdminCallReports,
  },
  handleCallReport: {
    method: 'POST',
    path: '/api/admin/calls/reports/handle',
    access: 'admin',
    body: AdminHandleCallReportRequest,
    data: z.null(),
  },
});

declare module './admin-endpoints.ts' {
  interface FeatureAdminEndpoints {
    calls: typeof callsAdminEndpoints;
  }
}
