import type { ModuleContext } from '../../module-context.ts';
import { registerDashboardRoutes } from './routes.ts';
import { DashboardService } from './service.ts';

/**
 * The back office's dashboard summary, gathered from the figures the modules register
 * (ctx.dashboard). Each panel over a range of days is an endpoint of the module whose rows it counts.
 */
export function register({ http, clock, config, dashboard }: ModuleContext): void {
  registerDashboardRoutes(http, new DashboardService(dashboard, clock, config.timeZone));
}
