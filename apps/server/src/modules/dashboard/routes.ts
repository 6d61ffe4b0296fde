import { adminEndpoints, pointsAdminEndpoints } from '@sfm/protocol/admin';
import type { Router } from '../../http/router.ts';
import type { DashboardService } from './service.ts';

/** One endpoint per dashboard panel, so each chart loads (and is timed) on its own. */
export function registerDashboardRoutes(router: Router, dashboard: DashboardService): void {
  router.route(adminEndpoints.dashboardSummary, () => dashboard.summary());
  router.route(adminEndpoints.dashboardUsers, ({ query }) => dashboard.users(query));
  router.route(adminEndpoints.dashboardAnalyses, ({ query }) => dashboard.analyses(query));
  router.route(adminEndpoints.dashboardLatency, ({ query }) => dashboard.latency(query));
  router.route(adminEndpoints.dashboardFailures, ({ query }) => dashboard.failures(query));
  router.route(adminEndpoints.dashboardCalls, ({ query }) => dashboard.calls(query));
  router.route(pointsAdminEndpoints.dashboardPoints, ({ query }) => dashboard.points(query));
}
