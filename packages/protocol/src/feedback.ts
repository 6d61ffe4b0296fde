import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { UserPhotoData } from './user-photos.ts';

/** The contact-us page's feedback (stored on the server, answered from the back office). */

export const FEEDBACK_CATEGORIES = ['problem', 'suggestion', 'praise', 'other'] as const;
export const FeedbackCategory = z.enum(FEEDBACK_CATEGORIES, { error: 'errors.feedback_category_invalid' });
export type FeedbackCategory = z.infer<typeof FeedbackCategory>;

export const FEEDBACK_TEXT_MAX = 2000;
export const FeedbackText = z
  .string()
  .trim()
  .min(1, { error: 'errors.feedback_empty' })
  .max(FEEDBACK_TEXT_MAX, { error: 'errors.feedback_too_long' });

export const SendFeedbackRequest = z.strictObject(
  {
    category: FeedbackCategory,
    text: FeedbackText,
    /** Whether we may contact the user at their phone about it. */
    contactConsent: z.boolean(),
    /** An optional screenshot or photo of what the feedback is about (downsized by the client). */
    photo: UserPhotoData.optional(),
  },
  { error: 'errors.unknown_field' },
);
export type SendFeedbackRequest = z.infer<typeof SendFeedbackRequest>;

export const Feedback = z.object({
  id: z.string(),
  createdAt: z.string(),
  category: FeedbackCategory,
  text: z.string(),
  contactConsent: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** The screenshot or photo attached to it: a short-lived signed URL, or null. */
  photoUrl: z.string().nullable(),
});
export type Feedback = z.infer<typeof Feedback>;

export const MyFeedback = z.object({ items: z.array(Feedback) });
export type MyFeedback = z.infer<typeof MyFeedback>;

export const feedbackEndpoints = defineEndpoints({
  sendFeedback: {
    method: 'POST',
    path: '/api/feedback',
    access: 'user',
    body: SendFeedbackRequest,
    data: Feedback,
  },
  myFeedback: { method: 'GET', path: '/api/feedback/mine', access: 'user', data: MyFeedback },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    feedback: typeof feedbackEndpoints;
  }
}
