import { marketEndpoints } from '@sfm/protocol/market';
import { sceneAdminEndpoints } from '@sfm/protocol/market-admin';
import { actorOf } from '../../audit/audit-log.ts';
import type { Router } from '../../http/router.ts';
import type { SceneReviewService } from './review-service.ts';
import type { MarketService } from './service.ts';

/** Uses counted per user and minute: a visit is one call, a loop of calls is not a user. */
const USES_PER_MINUTE = 30;

export function registerMarketRoutes(router: Router, market: MarketService): void {
  const e = marketEndpoints;
  router.route(e.marketScenes, ({ identity, query }) => market.page(identity.userId, query));
  router.route(e.marketScene, ({ identity, query }) => market.detail(identity.userId, query.id));
  router.route(e.createScene, ({ identity, body }) => market.create(identity.userId, body));
  router.route(e.updateScene, ({ identity, body }) => market.update(identity.userId, body.id, body.scene));
  router.route(e.deleteScene, ({ identity, body }) => market.delete(identity.userId, body.id));
  router.route(e.favouriteScene, ({ identity, body }) =>
    market.favourite(identity.userId, body.id, body.favourite),
  );
  router.route(e.useScene, ({ identity, body }) => market.use(identity.userId, body.id, body.session), {
    rateLimits: [{ bucket: 'market-use', limit: USES_PER_MINUTE, key: (r) => r.identity.userId }],
  });
  router.route(e.reportScene, ({ identity, body }) => market.report(identity.userId, body.id, body.reason));
}

/** The back office's review queue (/bme_admin/scenes). */
export function registerSceneReviewRoutes(
  router: Router,
  review: SceneReviewService,
  testsPerMinute: number,
): void {
  const e = sceneAdminEndpoints;
  router.route(e.adminScenes, ({ query }) => review.page(query));
  router.route(e.approveScene, (r) => review.approve(actorOf(r), r.body.id));
  router.route(e.rejectScene, (r) => review.reject(actorOf(r), r.body.id, r.body.reason));
  router.route(e.unpublishScene, (r) => review.unpublish(actorOf(r), r.body.id, r.body.reason));
  // a test is an analysis by the vision engine (a paid model in production): limited like one
  router.route(e.testScene, (r) => review.test(r.body.id, r.body.image, r.signal), {
    rateLimits: [{ bucket: 'scene-test', limit: testsPerMinute, key: (r) => `admin:${r.identity.adminId}` }],
  });
}
