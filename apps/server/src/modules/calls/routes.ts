import { endpoints } from '@sfm/protocol';
import type { Router } from '../../http/router.ts';
import type { CallService } from './service.ts';

/** A browser subscribes once per page load at most: more is a script. */
const SUBSCRIBES_PER_MINUTE = 10;

export function registerCallRoutes(router: Router, calls: CallService): void {
  router.route(endpoints.callHistory, ({ identity }) => calls.history(identity.userId));
  router.route(endpoints.callFeedback, async ({ identity, body }) => {
    await calls.feedback(identity.userId, body);
    return null;
  });
  router.route(endpoints.callPushKey, async () => calls.pushKey());
  router.route(endpoints.callWarnings, ({ identity }) => calls.warnings(identity.userId));
  router.route(
    endpoints.callPushSubscribe,
    async ({ identity, body, locale }) => {
      await calls.subscribePush(identity.userId, body, locale);
      return null;
    },
    {
      rateLimits: [
        { bucket: 'push-subscribe', limit: SUBSCRIBES_PER_MINUTE, key: (r) => `user:${r.identity.userId}` },
      ],
    },
  );
  router.route(endpoints.callPushUnsubscribe, async ({ identity, body }) => {
    await calls.unsubscribePush(identity.userId, body.endpoint);
    return null;
  });
}
