import { lazyPage } from '../../ui/lazy-page.ts';

/** The info feature's public face: the user's feedback and replies, which the personal centre shows. */
export { MyFeedback } from './my-feedback-list.tsx';

/** /bme_admin/feedback, registered in admin/admin-pages.ts (lazy: only the admin area reaches it). */
export const feedbackAdminPage = lazyPage(() =>
  import('./admin/feedback-admin-page.tsx').then((m) => m.FeedbackAdminPage),
);
