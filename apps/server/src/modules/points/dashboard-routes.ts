import { pointsAdminEndpoints } from '@sfm/protocol/points-admin';
import type { Router } from '../../http/router.ts';
import type { PointsDashboard } from './dashboard-service.ts';

export function registerPointsDashboardRoutes(router: Router, dashboard: PointsDashboard): void {
  router.route(pointsAdminEndpoints.dashboardPoints, ({ query }) => dashboard.points(query));
}
