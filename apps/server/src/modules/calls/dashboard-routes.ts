import { callsAdminEndpoints } from '@sfm/protocol/calls-admin';
import type { Router } from '../../http/router.ts';
import type { CallsDashboard } from './dashboard-service.ts';

export function registerCallsDashboardRoutes(router: Router, dashboard: CallsDashboard): void {
  router.route(callsAdminEndpoints.dashboardCalls, ({ query }) => dashboard.calls(query));
}
