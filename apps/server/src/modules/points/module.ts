import type { ModuleContext } from '../../module-context.ts';
import { registerPointsAdminRoutes } from './admin-routes.ts';
import { PointsAdminService } from './admin-service.ts';
import { registerPointsRoutes } from './routes.ts';

/**
 * Points: the user's balance and history, recharge and VIP orders, the payment notifies, and the
 * back office's rules, user balances and gifts. The economy itself is built by the app (ctx.points)
 * so that other modules meter through the same one.
 */
export function register(ctx: ModuleContext): void {
  const { points } = ctx;
  registerPointsRoutes(ctx.scope, ctx.http, points);
  registerPointsAdminRoutes(ctx.http, new PointsAdminService(ctx.db, points.ledger, points.rules, ctx.audit));
}
