import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * /bme_admin/feedback, registered in admin/admin-pages.ts. Apart from index.ts: the personal centre
 * imports that one, and a lazy import reachable from the user app would put this page into the
 * native build.
 */
export const feedbackAdminPage = lazyPage(() =>
  import('./admin/feedback-admin-page.tsx').then((m) => m.FeedbackAdminPage),
);
