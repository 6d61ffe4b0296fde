import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';
import { ADMIN_ROOT } from './admin-paths.ts';

/**
 * The admin back office of spec §2: every path below /bme_admin needs the admin token except its
 * login page; it has its own frame (no header or bottom navigation of the user app) and does not
 * exist in the native app. The user app's bundle carries only this: the frame (one chunk, kept
 * while the operator moves between pages) finds the page of a path in admin-pages.ts.
 */
export const adminManifest: FeatureManifest = {
  native: false,
  area: { prefix: ADMIN_ROOT, access: 'admin', without: ['header', 'bottomNav'] },
  routes: [
    {
      path: ADMIN_ROOT,
      page: lazyPage(() => import('./admin-area.ts').then((m) => m.AdminLoginPage)),
      access: 'public',
      signInFor: 'admin',
    },
    {
      path: `${ADMIN_ROOT}/*`,
      page: lazyPage(() => import('./admin-area.ts').then((m) => m.AdminShell)),
      access: 'admin',
    },
  ],
};
