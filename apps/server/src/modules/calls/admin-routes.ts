import { adminEndpoints } from '@sfm/protocol/admin';
import { actorOf } from '../../audit/audit-log.ts';
import type { Router } from '../../http/router.ts';
import type { CallsAdminService } from './admin-service.ts';

export function registerCallAdminRoutes(router: Router, calls: CallsAdminService): void {
  router.route(adminEndpoints.calls, ({ query }) => calls.records(query));
  router.route(adminEndpoints.callReports, ({ query }) => calls.reports(query.open));
  router.route(adminEndpoints.handleCallReport, (r) => calls.handleReport(actorOf(r), r.body));
}
