import { endpoints } from '@sfm/protocol';
import { credentialLimits } from '../../http/credential-limits.ts';
import type { Router } from '../../http/router.ts';

import type { AdminService } from './service.ts';

export function registerAdminRoutes(router: Router, admin: AdminService, loginsPerMinute: number): void {
  router.route(endpoints.adminLogin, ({ body }) => admin.login(body), {
    rateLimits: credentialLimits('admin-login', loginsPerMinute, (r) => r.body.username),
  });
  router.route(endpoints.adminMe, ({ identity }) => admin.me(identity.adminId));
}
