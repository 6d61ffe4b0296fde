import { paymentsConfig } from '../../config/payments-config.ts';
import type { ModuleSlices } from '../../config.ts';
import type { ModuleContext, ModuleDoors, ProvideContext } from '../../module-context.ts';
import { registerPointsAdminRoutes } from './admin-routes.ts';
import { PointsAdminService } from './admin-service.ts';
import { PointsDashboardRepo } from './dashboard-repo.ts';
import { registerPointsDashboardRoutes } from './dashboard-routes.ts';
import { PointsDashboard } from './dashboard-service.ts';
import { pointsPersonalData } from './personal-data.ts';
import { createPointsEconomy, economyOf } from './points-economy.ts';
import { registerPointsRoutes } from './routes.ts';

/** Which gateway takes the money (PAYMENT_PROVIDER, ALIPAY_*): `config.payments`. */
export const configSlices = { payments: paymentsConfig } satisfies ModuleSlices;

/**
 * The economy, built before any module registers: other modules meter through it and report a
 * verified person to it as `ctx.points`, without knowing this module.
 */
export function provide(ctx: ProvideContext): Pick<ModuleDoors, 'points'> {
  return {
    points: createPointsEconomy({
      db: ctx.db,
      clock: ctx.clock,
      logger: ctx.logger,
      timeZone: ctx.config.timeZone,
      secret: ctx.security.secret,
      payments: ctx.config.payments,
    }),
  };
}

/**
 * Points: the user's balance and history, recharge and VIP orders, the payment notifies, and the
 * back office's rules, user balances and gifts, over the economy it provided (ctx.points).
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
