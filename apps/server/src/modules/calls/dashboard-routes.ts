import { adminEndpoints } from '@sfm/protocol/admin';
import type { Router } from '../../http/router.ts';
import type { CallsDashboard } from './dashboard-service.ts';

export function registerCallsDashboardRoutes(router: Router, dashboard: CallsDashboard): void {
  router.route(adminEndpoints.dashboardCalls, ({ query }) => dashboard.calls(query));
}
