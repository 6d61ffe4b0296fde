import type { ComponentType } from 'react';
import { ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { FeatureManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/** The back office's code: its login page, and the frame of every other page. */
export interface AdminArea {
  LoginPage: ComponentType;
  Shell: ComponentType;
}

/**
 * The admin back office of spec §2: every path below /bme_admin needs the admin token except its
 * login page; it has its own frame (no header or bottom navigation of the user app) and does not
 * exist in the native app. The user app's bundle carries only this. The area's code is one chunk,
 * kept while the operator moves between pages, that the app loads (`loadArea`): the app hands the
 * frame what the features add to the back office (admin-area.tsx), so this feature imports none.
 */
export function adminManifest(loadArea: () => Promise<AdminArea>): FeatureManifest {
  return {
    native: false,
    area: { prefix: ADMIN_ROOT, access: 'admin', without: ['header', 'bottomNav'] },
    routes: [
      {
        path: ADMIN_ROOT,
        page: lazyPage(() => loadArea().then((area) => area.LoginPage)),
        access: 'public',
        signInFor: 'admin',
      },
      {
        path: `${ADMIN_ROOT}/*`,
        page: lazyPage(() => loadArea().then((area) => area.Shell)),
        access: 'admin',
      },
    ],
    backOffice: () => import('./back-office.ts'),
  };
}
