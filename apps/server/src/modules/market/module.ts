import type { ModuleContext } from '../../module-context.ts';
import { marketPersonalData } from './personal-data.ts';
import { SceneReviewService } from './review-service.ts';
import { registerMarketRoutes, registerSceneReviewRoutes } from './routes.ts';
import { MarketService } from './service.ts';

/**
 * The market of scenes: users make, find, favourite and use scenes; the back office reviews the
 * public ones. Using a scene is an ordinary analysis (/api/vision/analyze, metered there) with the
 * scene's prompt; this module only counts the visit.
 */
export function register(ctx: ModuleContext): void {
  const { db, clock, logger } = ctx;
  registerMarketRoutes(ctx.http, new MarketService({ db, clock }));
  registerSceneReviewRoutes(
    ctx.http,
    new SceneReviewService({ db, audit: ctx.audit, engine: ctx.engines.vision, clock, logger }),
    ctx.config.visionRateLimitPerMinute,
  );
  ctx.personalData.register(marketPersonalData(db));
}
