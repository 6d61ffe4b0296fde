import { adminEndpoints } from '@sfm/protocol/admin';
import type { Router } from '../../http/router.ts';
import type { AnalysesDashboard } from './dashboard-service.ts';

/** One endpoint per dashboard panel, so each chart loads (and is timed) on its own. */
export function registerAnalysesDashboardRoutes(router: Router, dashboard: AnalysesDashboard): void {
  router.route(adminEndpoints.dashboardAnalyses, ({ query }) => dashboard.analyses(query));
  router.route(adminEndpoints.dashboardLatency, ({ query }) => dashboard.latency(query));
  router.route(adminEndpoints.dashboardFailures, ({ query }) => dashboard.failures(query));
}
