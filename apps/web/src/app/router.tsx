import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { LoginPage } from '../features/login/login-page.tsx';
import { NotFoundPage, PendingPage } from '../features/pending/pending-page.tsx';
import { PrivacyPage } from '../features/privacy/privacy-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { RoleSelectPage } from '../features/role-select/role-select-page.tsx';
import { SeeForMePage } from '../features/see-for-me/see-for-me-page.tsx';
import { SpeechDebugPage } from '../features/speech-debug/speech-debug-page.tsx';
import { platform } from '../platform/index.ts';
import { RootLayout } from './root-layout.tsx';

/** A route a later issue builds: its path and the i18n key of its h1. */
interface PendingRoute {
  path: string;
  titleKey: string;
}

/** User routes of spec §2 not built yet. */
export const PENDING_USER_ROUTES: readonly PendingRoute[] = [
  { path: '/download', titleKey: 'pages.download' },
  { path: '/aichat', titleKey: 'pages.aichat' },
  { path: '/video-call', titleKey: 'pages.videoCall' },
  { path: '/volunteer-calls', titleKey: 'pages.volunteerCalls' },
  { path: '/points-logs', titleKey: 'pages.pointsLogs' },
  { path: '/help', titleKey: 'pages.help' },
  { path: '/donate', titleKey: 'pages.donate' },
  { path: '/contact-us', titleKey: 'pages.contactUs' },
  { path: '/operation-settings', titleKey: 'pages.operationSettings' },
  { path: '/market', titleKey: 'pages.market' },
  { path: '/market/scene/add', titleKey: 'pages.marketSceneAdd' },
  { path: '/market/scene/:id', titleKey: 'pages.marketSceneEdit' },
  { path: '/market/use/:id', titleKey: 'pages.marketUse' },
  { path: '/auth/callback', titleKey: 'pages.authCallback' },
];

/** Admin routes of spec §2 (never registered in the native app). */
export const ADMIN_ROUTES: readonly PendingRoute[] = [
  { path: '/bme_admin', titleKey: 'pages.adminLogin' },
  { path: '/bme_admin/dashboard', titleKey: 'pages.adminDashboard' },
  { path: '/bme_admin/users', titleKey: 'pages.adminUsers' },
  { path: '/bme_admin/scenes', titleKey: 'pages.adminScenes' },
  { path: '/bme_admin/points-config', titleKey: 'pages.adminPointsConfig' },
  { path: '/bme_admin/versions', titleKey: 'pages.adminVersions' },
  { path: '/bme_admin/calls', titleKey: 'pages.adminCalls' },
  { path: '/bme_admin/system-calls', titleKey: 'pages.adminSystemCalls' },
  { path: '/bme_admin/video-call', titleKey: 'pages.adminVideoCall' },
];

function Pending({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PendingPage title={t(titleKey)} />;
}

const pending = (routes: readonly PendingRoute[]): RouteObject[] =>
  routes.map(({ path, titleKey }) => ({ path, element: <Pending titleKey={titleKey} /> }));

/** The whole route table of spec §2 — user routes, then admin routes (web only). */
export function buildRoutes({ native }: { native: boolean }): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/privacy', element: <PrivacyPage /> },
        { path: '/role-select', element: <RoleSelectPage /> },
        { path: '/profile', element: <ProfilePage /> },
        { path: '/see-for-me', element: <SeeForMePage /> },
        { path: '/speech-debug', element: <SpeechDebugPage /> },
        ...pending(PENDING_USER_ROUTES),
        ...(native ? [] : pending(ADMIN_ROUTES)),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes({ native: platform.isNative() }));
}
