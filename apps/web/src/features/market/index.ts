import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * The market's public face: its back-office review page (/bme_admin/scenes), registered in
 * admin/admin-pages.ts. Only the admin area reaches it, so the user app's chunks carry none of it.
 */
export const scenesAdminPage = lazyPage(() => import('./admin/scenes-page.tsx').then((m) => m.ScenesPage));
