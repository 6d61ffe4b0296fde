import { feedbackEndpoints } from '@sfm/protocol/feedback';
import { feedbackAdminEndpoints } from '@sfm/protocol/feedback-admin';
import { actorOf } from '../../audit/audit-log.ts';
import type { Router } from '../../http/router.ts';
import type { FeedbackService } from './service.ts';

/** Feedback a user may send a minute: a person writes one, a script writes hundreds. */
const FEEDBACK_PER_MINUTE = 3;

export function registerFeedbackRoutes(router: Router, feedback: FeedbackService): void {
  router.route(feedbackEndpoints.sendFeedback, ({ identity, body }) => feedback.send(identity.userId, body), {
    rateLimits: [
      { bucket: 'feedback-send', limit: FEEDBACK_PER_MINUTE, key: (r) => `user:${r.identity.userId}` },
    ],
  });
  router.route(feedbackEndpoints.myFeedback, ({ identity }) => feedback.mine(identity.userId));
  router.route(feedbackAdminEndpoints.adminFeedback, ({ query }) => feedback.list(query.status));
  router.route(feedbackAdminEndpoints.replyFeedback, (r) =>
    feedback.reply(actorOf(r), r.body.id, r.body.reply),
  );
}
