import { ADMIN_HOME, ADMIN_PASSWORD, ADMIN_ROOT } from '../../back-office/admin-paths.ts';
import type { BackOfficeManifest } from '../../ui/feature-manifest.ts';
import { lazyPage } from '../../ui/lazy-page.ts';

/**
 * The back office's own pages: the dashboard and the users first in the side menu, the admins and
 * the audit log last (the features' pages come between), and the admin's own password.
 */
export const backOffice: BackOfficeManifest = {
  pages: [
    {
      path: ADMIN_HOME,
      titleKey: 'menu.dashboard',
      page: lazyPage(() => import('./dashboard/dashboard-page.tsx').then((m) => m.DashboardPage)),
      menuOrder: 1,
    },
    {
      path: `${ADMIN_ROOT}/users`,
      titleKey: 'menu.users',
      page: lazyPage(() => import('./users/users-page.tsx').then((m) => m.UsersPage)),
      menuOrder: 2,
    },
    {
      path: `${ADMIN_ROOT}/admins`,
      titleKey: 'menu.admins',
      page: lazyPage(() => import('./admins/admins-page.tsx').then((m) => m.AdminsPage)),
      menuOrder: 9,
      superAdminOnly: true,
    },
    {
      path: `${ADMIN_ROOT}/audit`,
      titleKey: 'menu.audit',
      page: lazyPage(() => import('./audit/audit-page.tsx').then((m) => m.AuditPage)),
      menuOrder: 10,
    },
    // the admin's own password, from the top bar (and in place of every page while it is temporary)
    {
      path: ADMIN_PASSWORD,
      titleKey: 'menu.password',
      page: lazyPage(() => import('./password/password-page.tsx').then((m) => m.PasswordPage)),
    },
  ],
};
