import { endpoints } from '@sfm/protocol';
import type { Router } from '../../http/router.ts';
import type { CallHistoryService } from './history-service.ts';
import type { PushSubscriptions } from './push-subscriptions-service.ts';

/** A browser subscribes once per page load at most: more is a script. */
const SUBSCRIBES_PER_MINUTE = 10;

export function registerCallRoutes(
  router: Router,
  { history, pushSubscriptions }: { history: CallHistoryService; pushSubscriptions: PushSubscriptions },
): void {
  router.route(endpoints.callHistory, ({ identity }) => history.history(identity.userId));
  router.route(endpoints.callFeedback, async ({ identity, body }) => {
    await history.feedback(identity.userId, body);
    return null;
  });
  router.route(endpoints.callPushKey, () => Promise.resolve(pushSubscriptions.pushKey()));
  router.route(endpoints.callWarnings, ({ identity }) => history.warnings(identity.userId));
  router.route(
    endpoints.callPushSubscribe,
    async ({ identity, body, locale }) => {
      await pushSubscriptions.subscribe(identity.userId, body, locale);
      return null;
    },
    {
      rateLimits: [
        { bucket: 'push-subscribe', limit: SUBSCRIBES_PER_MINUTE, key: (r) => `user:${r.identity.userId}` },
      ],
    },
  );
  router.route(endpoints.callPushUnsubscribe, async ({ identity, body }) => {
    await pushSubscriptions.unsubscribe(identity.userId, body.endpoint);
    return null;
  });
}
