import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { registerGlobalCommands } from '../features/assistant/index.ts';
import { startUpdateCheck } from '../features/download/index.ts';
import { SCENE_MODES } from '../features/see-for-me/index.ts';
import { i18n } from '../i18n/index.ts';
import { platform } from '../platform/index.ts';
import { clearAnnouncementsOnPageChange } from '../ui/announcer.tsx';
import { startApp } from './app-start.ts';
import { featuresFor, voicePages } from './features.ts';
import { preloadFirstPage } from './first-page.ts';
import { buildRoutes } from './router.tsx';
import { watchServerReachability } from './server-reachability.ts';
import { followSessionEndings } from './session-endings.ts';
import { registerServiceWorker, updateWebApp } from './service-worker.ts';

/**
 * Builds the router from the features on this platform (the one place the app asks where it runs),
 * gives the voice assistant their pages and the scene modes, binds the live regions to
 * page changes, starts the app (spec §4) with the first page's code loading beside it, then watches
 * whether the server answers; registers the service worker (the installable app).
 */
export function createApp() {
  const native = platform.isNative();
  const routes = buildRoutes({ native });
  registerGlobalCommands({ pages: voicePages(featuresFor(native)), sceneModes: SCENE_MODES });
  clearAnnouncementsOnPageChange();
  followSessionEndings();
  preloadFirstPage(window.location.pathname, window.location.search);
  void startApp().then(() => {
    watchServerReachability();
    // after app start, as spec §4 orders it; the web's update is the service worker's reload
    void startUpdateCheck((versionName) => void updateWebApp(versionName));
  });
  registerServiceWorker();
  return function App() {
    return (
      <StrictMode>
        <I18nextProvider i18n={i18n}>{routes}</I18nextProvider>
      </StrictMode>
    );
  };
}
