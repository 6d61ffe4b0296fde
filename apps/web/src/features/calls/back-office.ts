import { lazy } from 'react';
import { ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { BackOfficeManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * What the calls feature adds to the back office, all lazy. Apart from index.ts and manifest.ts:
 * the user app imports those, and a lazy import reachable from the user app would put these pages
 * into the native build.
 */
export const backOffice: BackOfficeManifest = {
  pages: [
    // records, statistics and the reports to handle
    {
      path: `${ADMIN_ROOT}/calls`,
      titleKey: 'menu.calls',
      page: lazyPage(() => import('./admin/calls-admin-page.tsx').then((m) => m.CallsAdminPage)),
      menuOrder: 6,
    },
    // operators online and the queue of calls no volunteer took
    {
      path: `${ADMIN_ROOT}/system-calls`,
      titleKey: 'menu.systemCalls',
      page: lazyPage(() => import('./admin/system-calls-page.tsx').then((m) => m.SystemCallsPage)),
      menuOrder: 7,
    },
    // spec §2: "there is also an admin video call page", opened from a call, not from the menu
    {
      path: `${ADMIN_ROOT}/video-call`,
      titleKey: 'menu.videoCall',
      page: lazyPage(() => import('./admin/admin-video-call-page.tsx').then((m) => m.AdminVideoCallPage)),
    },
  ],
  dashboardPanels: [
    lazy(() => import('./admin/calls-dashboard-panel.tsx').then((m) => ({ default: m.CallsDashboardPanel }))),
  ],
};
