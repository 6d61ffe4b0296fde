import { z } from 'zod';
import { UUID } from './ids.ts';
import { AdminRole } from './auth.ts';
import { UserType } from './user.ts';

/** 2025-02-30 matches the pattern but is no day: it must read back as itself. */
function isCalendarDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
}

/** A calendar day (YYYY-MM-DD) in the server's time zone. */
export const Day = z
  .string({ error: 'errors.date_invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'errors.date_invalid' })
  .refine(isCalendarDay, { error: 'errors.date_invalid' });
export type Day = z.infer<typeof Day>;

// Plain strings and regexes, not zod's datetime and uuid checks: those would join the user app's
// zod chunk (a shared vendor chunk) only for the back office's sake.
/** An instant as `Date.toISOString()` writes it. */
const Timestamp = z.string();
const Id = (error: `errors.${string}`) => z.string({ error }).regex(UUID, { error });
const Count = z.number().int().min(0);

/** Days a dashboard range covers when the query names none (ending today). */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest range a dashboard panel answers for. */
export const DASHBOARD_MAX_DAYS = 366;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** `from`..`to` inclusive; either may be left out (defaults: the last 30 days up to today). */
export const DateRangeQuery = z
  .strictObject({ from: Day.optional(), to: Day.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { error: 'errors.date_range_invalid' })
  .refine((r) => !r.from || !r.to || dayNumber(r.to) - dayNumber(r.from) < DASHBOARD_MAX_DAYS, {
    error: 'errors.date_range_too_long',
  });
export type DateRangeQuery = z.infer<typeof DateRangeQuery>;

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

const pageQuery = {
  page: z.coerce
    .number({ error: 'errors.page_invalid' })
    .int({ error: 'errors.page_invalid' })
    .min(1, { error: 'errors.page_invalid' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'errors.page_size_invalid' })
    .int({ error: 'errors.page_size_invalid' })
    .min(1, { error: 'errors.page_size_invalid' })
    .max(100, { error: 'errors.page_size_invalid' })
    .default(20),
};

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: Count, page: z.number().int(), pageSize: z.number().int() });

export const UserStatus = z.enum(['active', 'banned']);
export type UserStatus = z.infer<typeof UserStatus>;

/** The role filter of the users table: help-seeker, volunteer, or not chosen yet. */
export const UserRoleFilter = z.enum(['help_seeker', 'volunteer', 'unset'], {
  error: 'errors.role_filter_invalid',
});
export type UserRoleFilter = z.infer<typeof UserRoleFilter>;

export const AdminUsersSort = z.enum(['createdAt', 'lastActiveAt', 'analyses', 'nickname'], {
  error: 'errors.sort_invalid',
});
export type AdminUsersSort = z.infer<typeof AdminUsersSort>;
export const SortOrder = z.enum(['asc', 'desc'], { error: 'errors.sort_invalid' });
export type SortOrder = z.infer<typeof SortOrder>;

export const AdminUsersQuery = z.strictObject({
  ...pageQuery,
  sort: AdminUsersSort.default('createdAt'),
  order: SortOrder.default('desc'),
  /** Part of the phone number or of the nickname. */
  search: z.string().trim().max(32, { error: 'errors.search_too_long' }).optional(),
  role: UserRoleFilter.optional(),
  status: UserStatus.optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** A user as the back office lists them: the phone masked (138****8000). */
export const AdminUserSummary = z.object({
  id: z.string(),
  phoneMasked: z.string(),
  nickname: z.string().nullable(),
  userType: UserType.nullable(),
  createdAt: Timestamp,
  lastActiveAt: Timestamp.nullable(),
  analyses: Count,
  status: UserStatus,
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminUsersPage = pageOf(AdminUserSummary);
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

export const AdminUserQuery = z.strictObject({ id: Id('errors.user_not_found') });

/** One login (a refresh-token family): when it began, was last refreshed, and whether it still lives. */
export const AdminUserSession = z.object({
  startedAt: Timestamp,
  lastRefreshedAt: Timestamp,
  expiresAt: Timestamp,
  active: z.boolean(),
});

export const AdminUserDetail = z.object({
  user: AdminUserSummary,
  speechRate: z.number(),
  banReason: z.string().nullable(),
  bannedAt: Timestamp.nullable(),
  sessions: z.array(AdminUserSession),
  recentAnalyses: z.array(
    z.object({
      at: Timestamp,
      scenario: z.string(),
      engine: z.string(),
      durationMs: Count,
      outcome: AnalysisOutcome,
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const ModerationReason = z
  .string({ error: 'errors.reason_required' })
  .trim()
  .min(1, { error: 'errors.reason_required' })
  .max(200, { error: 'errors.reason_too_long' });

export const AdminModerationRequest = z.strictObject({
  userId: Id('errors.user_not_found'),
  reason: ModerationReason,
});
export type AdminModerationRequest = z.infer<typeof AdminModerationRequest>;
export const AdminSetUserRoleRequest = z.strictObject({
  userId: Id('errors.user_not_found'),
  userType: UserType,
});
export type AdminSetUserRoleRequest = z.infer<typeof AdminSetUserRoleRequest>;
export const AdminUserIdRequest = z.strictObject({ userId: Id('errors.user_not_found') });
export type AdminUserIdRequest = z.infer<typeof AdminUserIdRequest>;

export const AdminAccount = z.object({
  id: z.string(),
  username: z.string(),
  role: AdminRole,
  disabled: z.boolean(),
  createdAt: Timestamp,
  lastLoginAt: Timestamp.nullable(),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

export const AdminAccounts = z.object({ items: z.array(AdminAccount) });
export type AdminAccounts = z.infer<typeof AdminAccounts>;

export const AdminUsername = z
  .string({ error: 'errors.username_required' })
  .trim()
  .min(1, { error: 'errors.username_required' })
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, { error: 'errors.admin_username_invalid' });

export const AdminCreateRequest = z.strictObject({ username: AdminUsername, role: AdminRole });
export type AdminCreateRequest = z.infer<typeof AdminCreateRequest>;
/** The temporary password is shown once, to the super-admin who made it. */
export const AdminCreated = z.object({ admin: AdminAccount, temporaryPassword: z.string() });
export type AdminCreated = z.infer<typeof AdminCreated>;

export const AdminSetDisabledRequest = z.strictObject({
  adminId: Id('errors.admin_not_found'),
  disabled: z.boolean({ error: 'errors.validation' }),
});
export type AdminSetDisabledRequest = z.infer<typeof AdminSetDisabledRequest>;
export const AdminIdRequest = z.strictObject({ adminId: Id('errors.admin_not_found') });
export type AdminIdRequest = z.infer<typeof AdminIdRequest>;
export const TemporaryPassword = z.object({ temporaryPassword: z.string() });
export type TemporaryPassword = z.infer<typeof TemporaryPassword>;

/**
 * Every change an admin can make. Each is one audit row; a feature that adds an admin change adds
 * its action here (and its label in the web's admin i18n).
 */
export const AuditAction = z.enum(
  [
    'user.ban',
    'user.unban',
    'user.set_role',
    'user.reset_nickname',
    'admin.create',
    'admin.disable',
    'admin.enable',
    'admin.reset_password',
    'admin.change_password',
    'version.create',
    'version.update',
    'version.upload_apk',
    'version.publish',
    'version.unpublish',
    'scene.approve',
    'scene.reject',
    'scene.unpublish',
    'points.config_update',
    'points.gift',
    'call.handle_report',
    'feedback.reply',
  ],
  { error: 'errors.audit_action_invalid' },
);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditTargetType = z.enum(['user', 'admin', 'version', 'scene', 'points_config', 'feedback'], {
  error: 'errors.audit_target_invalid',
});
export type AuditTargetType = z.infer<typeof AuditTargetType>;

export const AuditQuery = z.strictObject({
  ...pageQuery,
  action: AuditAction.optional(),
  adminId: Id('errors.admin_not_found').optional(),
  targetType: AuditTargetType.optional(),
  targetId: z.string().trim().max(64, { error: 'errors.search_too_long' }).optional(),
  from: Day.optional(),
  to: Day.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** The target before or after the change, as JSON text (null: it did not exist, or nothing to show). */
const Snapshot = z.string().nullable();

export const AuditEntry = z.object({
  id: z.string(),
  at: Timestamp,
  adminId: z.string(),
  adminUsername: z.string(),
  action: AuditAction,
  targetType: AuditTargetType,
  targetId: z.string(),
  /** What the target was called when the change was made (a masked phone, an admin's name). */
  targetLabel: z.string(),
  before: Snapshot,
  after: Snapshot,
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

/** The admins an audit filter can pick from (any admin may read the log, not only super-admins). */
export const AuditAdmins = z.object({ items: z.array(z.object({ id: z.string(), username: z.string() })) });
export type AuditAdmins = z.infer<typeof AuditAdmins>;

/** Shown for an account without a phone (made by a social login and not bound to one yet). */
export const NO_PHONE = '—';

/** Keeps the first 3 and last 4 digits of a mainland mobile number. */
export const maskPhone = (phone: string | null): string =>
  phone === null ? NO_PHONE : phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
