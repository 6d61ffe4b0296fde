import type { FeatureManifest } from '../../ui/feature-manifest.ts';

const ADMIN = '/bme_admin';

/**
 * The admin back office of spec §2: every path below /bme_admin needs the admin token except its
 * login page; it has its own frame (no bottom navigation) and does not exist in the native app.
 */
export const adminManifest: FeatureManifest = {
  native: false,
  area: { prefix: ADMIN, access: 'admin', without: ['bottomNav'] },
  routes: [
    { path: ADMIN, page: { pending: 'pages.adminLogin' }, access: 'public', signInFor: 'admin' },
    { path: `${ADMIN}/dashboard`, page: { pending: 'pages.adminDashboard' }, access: 'admin' },
    { path: `${ADMIN}/users`, page: { pending: 'pages.adminUsers' }, access: 'admin' },
    { path: `${ADMIN}/scenes`, page: { pending: 'pages.adminScenes' }, access: 'admin' },
    { path: `${ADMIN}/points-config`, page: { pending: 'pages.adminPointsConfig' }, access: 'admin' },
    { path: `${ADMIN}/versions`, page: { pending: 'pages.adminVersions' }, access: 'admin' },
    { path: `${ADMIN}/calls`, page: { pending: 'pages.adminCalls' }, access: 'admin' },
    { path: `${ADMIN}/system-calls`, page: { pending: 'pages.adminSystemCalls' }, access: 'admin' },
    { path: `${ADMIN}/video-call`, page: { pending: 'pages.adminVideoCall' }, access: 'admin' },
  ],
};
