import { endpoints } from '@sfm/protocol';
import type { ModuleContext } from '../../module-context.ts';

/** GET /api/site: the operator's public details, fixed by the server's settings. */
export function register({ http, config }: ModuleContext): void {
  const site = { icpFiling: config.icpFiling };
  http.route(endpoints.siteInfo, () => site);
}
