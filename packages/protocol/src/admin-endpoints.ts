import {
  AdminAccount,
  AdminAccounts,
  AdminCreated,
  AdminCreateRequest,
  AdminIdRequest,
  AdminSetDisabledRequest,
  TemporaryPassword,
} from './admin-accounts.ts';
import { AuditAdmins, AuditPage, AuditQuery } from './admin-audit.ts';
import {
  DashboardAnalyses,
  DashboardFailures,
  DashboardLatency,
  DashboardSummary,
  DashboardUsers,
} from './admin-dashboard.ts';
import { DateRangeQuery } from './admin-days.ts';
import {
  AdminModerationRequest,
  AdminSetUserRoleRequest,
  AdminUserDetail,
  AdminUserIdRequest,
  AdminUserQuery,
  AdminUsersPage,
  AdminUsersQuery,
  AdminUserSummary,
} from './admin-users.ts';
import { defineEndpoints, type IntersectionOf } from './endpoint.ts';

/**
 * The back office's own calls (its login and the signed-in admin's profile are in `endpoints`, where
 * the app shell reads them). Apart from `endpoints` so that the user app's bundle does not carry
 * them: only the admin area's code imports `@sfm/protocol/admin`. A feature's back-office calls are
 * its `<feature>-admin.ts` table, added to FeatureAdminEndpoints below.
 */
export const adminEndpoints = defineEndpoints({
  dashboardSummary: {
    method: 'GET',
    path: '/api/admin/dashboard/summary',
    access: 'admin',
    data: DashboardSummary,
  },
  dashboardUsers: {
    method: 'GET',
    path: '/api/admin/dashboard/users',
    access: 'admin',
    query: DateRangeQuery,
    data: DashboardUsers,
  },
  dashboardAnalyses: {
    method: 'GET',
    path: '/api/admin/dashboard/analyses',
    access: 'admin',
    query: DateRangeQuery,
    data: DashboardAnalyses,
  },
  dashboardLatency: {
    method: 'GET',
    path: '/api/admin/dashboard/latency',
    access: 'admin',
    query: DateRangeQuery,
    data: DashboardLatency,
  },
  dashboardFailures: {
    method: 'GET',
    path: '/api/admin/dashboard/failures',
    access: 'admin',
    query: DateRangeQuery,
    data: DashboardFailures,
  },
  users: {
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    query: AdminUsersQuery,
    data: AdminUsersPage,
  },
  user: {
    method: 'GET',
    path: '/api/admin/users/detail',
    access: 'admin',
    query: AdminUserQuery,
    data: AdminUserDetail,
  },
  banUser: {
    method: 'POST',
    path: '/api/admin/users/ban',
    access: 'admin',
    body: AdminModerationRequest,
    data: AdminUserSummary,
  },
  unbanUser: {
    method: 'POST',
    path: '/api/admin/users/unban',
    access: 'admin',
    body: AdminModerationRequest,
    data: AdminUserSummary,
  },
  setUserRole: {
    method: 'POST',
    path: '/api/admin/users/role',
    access: 'admin',
    body: AdminSetUserRoleRequest,
    data: AdminUserSummary,
  },
  resetNickname: {
    method: 'POST',
    path: '/api/admin/users/reset-nickname',
    access: 'admin',
    body: AdminUserIdRequest,
    data: AdminUserSummary,
  },
  admins: { method: 'GET', path: '/api/admin/admins', access: 'super_admin', data: AdminAccounts },
  createAdmin: {
    method: 'POST',
    path: '/api/admin/admins',
    access: 'super_admin',
    body: AdminCreateRequest,
    data: AdminCreated,
  },
  setAdminDisabled: {
    method: 'POST',
    path: '/api/admin/admins/disabled',
    access: 'super_admin',
    body: AdminSetDisabledRequest,
    data: AdminAccount,
  },
  resetAdminPassword: {
    method: 'POST',
    path: '/api/admin/admins/reset-password',
    access: 'super_admin',
    body: AdminIdRequest,
    data: TemporaryPassword,
  },
  audit: {
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    query: AuditQuery,
    data: AuditPage,
  },
  auditAdmins: { method: 'GET', path: '/api/admin/audit/admins', access: 'admin', data: AuditAdmins },
});

/**
 * Each feature's back-office table, by feature: its `<feature>-admin.ts` adds it by declaration
 * merging, as FeatureEndpoints of endpoints.ts. The back office calls a table's objects; the
 * gathered table (gathered-admin.ts) is for the tests.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface FeatureAdminEndpoints {}

/** Every endpoint of the back office by name: its own and each feature's. */
export type AdminEndpoints = typeof adminEndpoints &
  IntersectionOf<FeatureAdminEndpoints[keyof FeatureAdminEndpoints]>;
