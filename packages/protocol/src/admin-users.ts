import { z } from 'zod';
import { UserType } from './user.ts';
import { AnalysisOutcome } from './admin-dashboard.ts';
import { Count, Id, pageOf, pageQuery, Timestamp } from './admin-schema-parts.ts';

/** The back office's users table, a user's detail, and what an admin may do to a user. */

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

/** Shown for an account without a phone (made by a social login and not bound to one yet). */
export const NO_PHONE = '—';

/** Keeps the first 3 and last 4 digits of a mainland mobile number. */
export const maskPhone = (phone: string | null): string =>
  phone === null ? NO_PHONE : phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
