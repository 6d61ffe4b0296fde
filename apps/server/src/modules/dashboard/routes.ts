import { adminEndpoints } from '@sfm/protocol/admin';
import type { Router } from '../../http/router.ts';
import type { DashboardService } from './service.ts';

export function registerDashboardRoutes(router: Router, dashboard: DashboardService): void {
  router.route(adminEndpoints.dashboardSummary, () => dashboard.summary());
}
