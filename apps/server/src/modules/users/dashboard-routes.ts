import { adminEndpoints } from '@sfm/protocol/admin';
import type { Router } from '../../http/router.ts';
import type { UsersDashboard } from './dashboard-service.ts';

export function registerUsersDashboardRoutes(router: Router, dashboard: UsersDashboard): void {
  router.route(adminEndpoints.dashboardUsers, ({ query }) => dashboard.users(query));
}
