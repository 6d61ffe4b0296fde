import type { PendingPageSource } from '../../ui/feature-manifest.ts';
import { lazyPage, type LazyPage } from '../../ui/lazy-page.ts';
import { pointsConfigAdminPage } from '../points/admin-entry.ts';
import { versionsAdminPage } from '../versions/index.ts';
import { feedbackAdminPage } from '../info/admin-entry.ts';
import { scenesAdminPage } from '../market/index.ts';
import { adminVideoCallPage, callsAdminPage, systemCallsAdminPage } from '../calls/admin-entry.ts';
import { ADMIN_PASSWORD, ADMIN_ROOT } from './admin-paths.ts';

/** Where a signed-in admin lands when no redirect says otherwise: the dashboard. */
export const ADMIN_HOME = `${ADMIN_ROOT}/dashboard`;

export interface AdminPage {
  path: string;
  /** Key in the `admin` namespace: the menu item, the page's h1 and its document title. */
  titleKey: string;
  /** The page's code (its own chunk), or a page a later issue builds (`{ pending: titleKey }`). */
  page: LazyPage | PendingPageSource;
  /** false: not in the side menu (reached from elsewhere). */
  menu: boolean;
  /** Only a super-admin sees it in the menu and may open it. */
  superAdminOnly?: true;
}

/**
 * Every page of the back office, in the side menu's order (spec §2's admin routes, then the
 * admins and the audit log). This list is the one place a page is added: the frame's routes, its
 * menu and the page titles all read it (the app's route table sends every /bme_admin/… path to
 * the frame, and its guard asks the admin token for all of them). A feature's own admin page (points
 * configuration, versions, calls, scenes) replaces its pending entry with
 * `page: lazyPage(() => import(...))`.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: `${ADMIN_ROOT}/dashboard`,
    titleKey: 'menu.dashboard',
    page: lazyPage(() => import('./dashboard/dashboard-page.tsx').then((m) => m.DashboardPage)),
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/users`,
    titleKey: 'menu.users',
    page: lazyPage(() => import('./users/users-page.tsx').then((m) => m.UsersPage)),
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/scenes`,
    titleKey: 'menu.scenes',
    page: scenesAdminPage,
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/points-config`,
    titleKey: 'menu.pointsConfig',
    page: pointsConfigAdminPage,
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/versions`,
    titleKey: 'menu.versions',
    page: versionsAdminPage,
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/calls`,
    titleKey: 'menu.calls',
    page: callsAdminPage,
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/system-calls`,
    titleKey: 'menu.systemCalls',
    page: systemCallsAdminPage,
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/feedback`,
    titleKey: 'menu.feedback',
    page: feedbackAdminPage,
    menu: true,
  },
  {
    path: `${ADMIN_ROOT}/admins`,
    titleKey: 'menu.admins',
    page: lazyPage(() => import('./admins/admins-page.tsx').then((m) => m.AdminsPage)),
    menu: true,
    superAdminOnly: true,
  },
  {
    path: `${ADMIN_ROOT}/audit`,
    titleKey: 'menu.audit',
    page: lazyPage(() => import('./audit/audit-page.tsx').then((m) => m.AuditPage)),
    menu: true,
  },
  // the admin's own password, from the top bar (and in place of every page while it is temporary)
  {
    path: ADMIN_PASSWORD,
    titleKey: 'menu.password',
    page: lazyPage(() => import('./password/password-page.tsx').then((m) => m.PasswordPage)),
    menu: false,
  },
  // spec §2: "there is also an admin video call page", opened from a call, not from the menu
  {
    path: `${ADMIN_ROOT}/video-call`,
    titleKey: 'menu.videoCall',
    page: adminVideoCallPage,
    menu: false,
  },
];

export const adminPageAt = (pathname: string): AdminPage | undefined =>
  ADMIN_PAGES.find((p) => p.path === pathname || `${p.path}/` === pathname);
