import { pointsAdminEndpoints } from '@sfm/protocol/points-admin';
import { actorOf } from '../../audit/audit-log.ts';
import type { Router } from '../../http/router.ts';
import type { PointsAdminService } from './admin-service.ts';

export function registerPointsAdminRoutes(router: Router, admin: PointsAdminService): void {
  router.route(pointsAdminEndpoints.pointsConfig, () => admin.config());
  router.route(pointsAdminEndpoints.updatePointsConfig, (r) => admin.updateConfig(actorOf(r), r.body));
  router.route(pointsAdminEndpoints.userPoints, ({ query }) => admin.userPoints(query.userId));
  router.route(pointsAdminEndpoints.giftPoints, (r) => admin.gift(actorOf(r), r.body));
}
