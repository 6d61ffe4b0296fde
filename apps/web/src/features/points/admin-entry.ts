import { lazy } from 'react';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * What the back office takes from the points feature, all lazy. Apart from index.ts: the personal
 * centre imports that one, and a lazy import reachable from the user app would put these pages
 * into the native build.
 */

/** /bme_admin/points-config, registered in admin/admin-pages.ts. */
export const pointsConfigAdminPage = lazyPage(() =>
  import('./admin/points-config-page.tsx').then((m) => m.PointsConfigPage),
);

/** The users drawer's points section (render it inside a Suspense boundary). */
export const UserPointsSection = lazy(() =>
  import('./admin/user-points-section.tsx').then((m) => ({ default: m.UserPointsSection })),
);
