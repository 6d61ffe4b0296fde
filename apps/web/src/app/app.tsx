import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { i18n } from '../i18n/index.ts';
import { clearAnnouncementsOnPageChange } from './announcer.tsx';
import { startApp } from './app-start.ts';
import { bindNavigator } from './navigation.ts';
import { createAppRouter } from './router.tsx';

/** Builds the router, binds navigation for non-React code and the live regions to page changes, starts the app (spec §4). */
export function createApp() {
  const router = createAppRouter();
  bindNavigator((to, options) => router.navigate(to, options));
  clearAnnouncementsOnPageChange(router);
  void startApp();
  return function App() {
    return (
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StrictMode>
    );
  };
}
