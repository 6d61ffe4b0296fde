import { ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { BackOfficeManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * The feedback page of the back office. Apart from index.ts and manifest.ts: the user app imports
 * those, and a lazy import reachable from the user app would put this page into the native build.
 */
export const backOffice: BackOfficeManifest = {
  pages: [
    {
      path: `${ADMIN_ROOT}/feedback`,
      titleKey: 'menu.feedback',
      page: lazyPage(() => import('./admin/feedback-admin-page.tsx').then((m) => m.FeedbackAdminPage)),
      menuOrder: 8,
    },
  ],
};
