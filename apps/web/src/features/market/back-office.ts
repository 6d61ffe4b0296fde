import { ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { BackOfficeManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * The market's review page of the back office. Only the admin area reaches this file, so the user
 * app's chunks carry none of it.
 */
export const backOffice: BackOfficeManifest = {
  pages: [
    {
      path: `${ADMIN_ROOT}/scenes`,
      titleKey: 'menu.scenes',
      page: lazyPage(() => import('./admin/scenes-page.tsx').then((m) => m.ScenesPage)),
      menuOrder: 3,
    },
  ],
};
