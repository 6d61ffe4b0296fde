import { endpoints, type SiteInfo } from '@sfm/protocol';
import type { Router } from '../../http/router.ts';

/** GET /api/site: the operator's public details, fixed by the server's settings. */
export function registerSiteRoutes(router: Router, site: SiteInfo): void {
  router.route(endpoints.siteInfo, async () => site);
}
