import { callsAdminEndpoints } from '@sfm/protocol/calls-admin';
import { actorOf } from '../../audit/audit-log.ts';
import type { Router } from '../../http/router.ts';
import type { CallsAdminService } from './admin-service.ts';

export function registerCallAdminRoutes(router: Router, calls: CallsAdminService): void {
  router.route(callsAdminEndpoints.calls, ({ query }) => calls.records(query));
  router.route(callsAdminEndpoints.callReports, ({ query }) => calls.reports(query.open));
  router.route(callsAdminEndpoints.handleCallReport, (r) => calls.handleReport(actorOf(r), r.body));
}
