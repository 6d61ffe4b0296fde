import type { ModuleContext } from '../../module-context.ts';
import { DashboardRepo } from './repo.ts';
import { registerDashboardRoutes } from './routes.ts';
import { DashboardService } from './service.ts';

/** The back office's dashboard: the product's use, counted by PostgreSQL over what it recorded. */
export function register({ http, db, clock, config }: ModuleContext): void {
  registerDashboardRoutes(http, new DashboardService(new DashboardRepo(db), clock, config.timeZone));
}
