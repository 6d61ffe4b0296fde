import { lazy } from 'react';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * What the back office takes from the points feature, all lazy: only the admin area's code
 * reaches these, so the user app never carries them.
 */

/** /bme_admin/points-config, registered in admin/admin-pages.ts. */
export const pointsConfigAdminPage = lazyPage(() =>
  import('./admin/points-config-page.tsx').then((m) => m.PointsConfigPage),
);

/** The personal centre's points card (total, VIP state, links): small, so not lazy. */
export { PointsSummary } from './points-summary.tsx';

/** The users drawer's points section (render it inside a Suspense boundary). */
export const UserPointsSection = lazy(() =>
  import('./admin/user-points-section.tsx').then((m) => ({ default: m.UserPointsSection })),
);
