import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * The back office's versions page (/bme_admin/versions), registered in admin/admin-pages.ts. A
 * feature of its own, apart from download/, so that only the admin area reaches it: the native
 * build, which has no admin area, carries none of it.
 */
export const versionsAdminPage = lazyPage(() =>
  import('./admin/versions-page.tsx').then((m) => m.VersionsPage),
);
