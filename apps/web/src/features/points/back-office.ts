import { lazy } from 'react';
import { ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { BackOfficeManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * What the points feature adds to the back office, all lazy: its rules page, its dashboard chart
 * and the points section of a user's drawer. Apart from index.ts and manifest.ts: the user app
 * imports those, and a lazy import reachable from the user app would put these into the native build.
 */
export const backOffice: BackOfficeManifest = {
  pages: [
    {
      path: `${ADMIN_ROOT}/points-config`,
      titleKey: 'menu.pointsConfig',
      page: lazyPage(() => import('./admin/points-config-page.tsx').then((m) => m.PointsConfigPage)),
      menuOrder: 4,
    },
  ],
  dashboardPanels: [
    lazy(() =>
      import('./admin/points-dashboard-panel.tsx').then((m) => ({ default: m.PointsDashboardPanel })),
    ),
  ],
  userSections: [
    lazy(() => import('./admin/user-points-section.tsx').then((m) => ({ default: m.UserPointsSection }))),
  ],
};
