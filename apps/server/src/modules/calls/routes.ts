import { callsEndpoints } from '@sfm/protocol/calls';
import type { Router } from '../../http/router.ts';
import type { CallHistoryService } from './history-service.ts';
import type { PushSubscriptions } from './push-subscriptions-service.ts';

/** A browser subscribes once per page load at most: more is a script. */
const SUBSCRIBES_PER_MINUTE = 10;

export function registerCallRoutes(
  router: Router,
  { history, pushSubscriptions }: { history: CallHistoryService; pushSubscriptions: PushSubscriptions },
): void {
  router.route(callsEndpoints.callHistory, ({ identity }) => history.history(identity.userId));
  router.route(callsEndpoints.callFeedback, async ({ identity, body }) => {
    await history.feedback(identity.userId, body);
    return null;
  });
  router.route(callsEndpoints.callPushKey, () => Promise.resolve(pushSubscriptions.pushKey()));
  router.route(callsEndpoints.callWarnings, ({ identity }) => history.warnings(identity.userId));
  router.route(
    callsEndpoints.callPushSubscribe,
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
  router.route(callsEndpoints.callPushUnsubscribe, async ({ identity, body }) => {
    await pushSubscriptions.unsubscribe(identity.userId, body.endpoint);
    return null;
  });
}
