import { ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { BackOfficeManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * The back office's versions page. A feature of its own, apart from download/, so that only the
 * admin area reaches it: the native build, which has no admin area, carries none of it.
 */
export const backOffice: BackOfficeManifest = {
  pages: [
    {
      path: `${ADMIN_ROOT}/versions`,
      titleKey: 'menu.versions',
      page: lazyPage(() => import('./admin/versions-page.tsx').then((m) => m.VersionsPage)),
      menuOrder: 5,
    },
  ],
};
