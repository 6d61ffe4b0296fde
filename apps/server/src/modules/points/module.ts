import type { ModuleContext } from '../../module-context.ts';
import { registerPointsAdminRoutes } from './admin-routes.ts';
import { PointsAdminService } from './admin-service.ts';
import { PointsDashboardRepo } from './dashboard-repo.ts';
import { registerPointsDashboardRoutes } from './dashboard-routes.ts';
import { PointsDashboard } from './dashboard-service.ts';
import { pointsPersonalData } from './personal-data.ts';
import { economyOf } from './points-economy.ts';
import { registerPointsRoutes } from './routes.ts';

/**
 * Points: the user's balance and history, recharge and VIP orders, the payment notifies, and the
 * back office's rules, user balances and gifts. The economy itself is built by the app (ctx.points)
 * so that other modules meter through the same one.
 */
export function register(ctx: ModuleContext): void {
  const points = economyOf(ctx.points);
  registerPointsRoutes(ctx.scope, ctx.http, points);
  registerPointsAdminRoutes(
    ctx.http,
    new PointsAdminService(ctx.db, points.ledger, points.rules, ctx.audit, ctx.people),
  );
  registerPointsDashboardRoutes(
    ctx.http,
    new PointsDashboard(new PointsDashboardRepo(ctx.db), ctx.clock, ctx.config.timeZone),
  );
  ctx.personalData.register(pointsPersonalData(ctx.db));
}
