import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { Feedback, FeedbackText } from './feedback.ts';

/** The back office's feedback page (`/bme_admin/feedback`): read users' feedback and answer it. */

export const AdminFeedbackQuery = z.strictObject({
  /** open: not answered yet (the queue, oldest first); answered: the latest answered, newest first. */
  status: z.enum(['open', 'answered']).default('open'),
});
export type AdminFeedbackQuery = z.input<typeof AdminFeedbackQuery>;

export const AdminFeedback = Feedback.extend({
  /** The sender's masked phone; their full phone only when they agreed to be contacted. */
  phone: z.string(),
});
export type AdminFeedback = z.infer<typeof AdminFeedback>;

/** At most this many rows a page (the queue is worked from the top). */
export const ADMIN_FEEDBACK_LIMIT = 100;
export const AdminFeedbackList = z.object({ items: z.array(AdminFeedback) });
export type AdminFeedbackList = z.infer<typeof AdminFeedbackList>;

export const ReplyFeedbackRequest = z.strictObject({
  id: z.uuid({ error: 'errors.feedback_not_found' }),
  reply: FeedbackText,
});
export type ReplyFeedbackRequest = z.infer<typeof ReplyFeedbackRequest>;

export const feedbackAdminEndpoints = defineEndpoints({
  adminFeedback: {
    method: 'GET',
    path: '/api/admin/feedback',
    access: 'admin',
    query: AdminFeedbackQuery,
    data: AdminFeedbackList,
  },
  replyFeedback: {
    method: 'POST',
    path: '/api/admin/feedback/reply',
    access: 'admin',
    body: ReplyFeedbackRequest,
    data: AdminFeedback,
  },
});

declare module './admin-endpoints.ts' {
  interface FeatureAdminEndpoints {
    feedback: typeof feedbackAdminEndpoints;
  }
}
