import { endpoints } from '@sfm/protocol';
import { adminEndpoints } from '@sfm/protocol/admin';
import { actorOf } from '../../audit/audit-log.ts';
import { credentialLimits } from '../../http/credential-limits.ts';
import type { Router } from '../../http/router.ts';
import type { AdminAccountsService } from './accounts-service.ts';
import type { AuditService } from './audit-service.ts';
import type { AdminService } from './service.ts';

export interface AdminRouteServices {
  admin: AdminService;
  accounts: AdminAccountsService;
  audit: AuditService;
}

export function registerAdminRoutes(
  router: Router,
  { admin, accounts, audit }: AdminRouteServices,
  loginsPerMinute: number,
): void {
  router.route(endpoints.adminLogin, ({ body }) => admin.login(body), {
    rateLimits: credentialLimits('admin-login', loginsPerMinute, (r) => r.body.username),
  });
  router.route(endpoints.adminMe, ({ identity }) => admin.me(identity.adminId));
  router.route(endpoints.adminLogout, ({ identity }) => admin.logout(identity.adminId));
  // the current password is asked: limited like a login, so a stolen token cannot guess it
  router.route(endpoints.adminChangePassword, (r) => accounts.changePassword(actorOf(r), r.body), {
    rateLimits: credentialLimits('admin-password', loginsPerMinute, (r) => r.identity.adminId),
  });

  router.route(adminEndpoints.admins, () => accounts.list());
  router.route(adminEndpoints.createAdmin, (r) => accounts.create(actorOf(r), r.body));
  router.route(adminEndpoints.setAdminDisabled, (r) =>
    accounts.setDisabled(actorOf(r), r.body.adminId, r.body.disabled),
  );
  router.route(adminEndpoints.resetAdminPassword, (r) => accounts.resetPassword(actorOf(r), r.body.adminId));

  router.route(adminEndpoints.audit, ({ query }) => audit.page(query));
  router.route(adminEndpoints.auditAdmins, () => audit.admins());
}
