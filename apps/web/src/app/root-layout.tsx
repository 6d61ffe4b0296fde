import { Suspense, useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Switch, useLocation, useSearch } from 'wouter';
import { VoiceCommandButton } from '../features/assistant/index.ts';
import { UpdatePrompt } from '../features/download/index.ts';
import { selectLoggedIn, useSession } from '../session/index.ts';
import { platform } from '../platform/index.ts';
import { LiveRegions } from '../ui/announcer.tsx';
import { CameraRoute } from '../ui/camera-route.ts';
import type { FeatureManifest } from '../ui/feature-manifest.ts';
import { BackIcon } from '../ui/icons.tsx';
import { focusPageHeading } from '../ui/page.tsx';
import { PermissionOverlayHost } from '../ui/permission-overlay.tsx';
import { searchPart } from '../ui/routes.ts';
import { useBackAction } from './back-action.ts';
import { BottomNav } from './bottom-nav.tsx';
import { isCameraRoute, navSlots, shellHides } from './features.ts';
import { guardRedirect } from './guards.ts';
import { PrivacyGate } from './privacy-gate.tsx';
import { ServerUnreachableBanner } from './server-unreachable-banner.tsx';

const MAIN_ID = 'main';

function AppHeader({ native }: { native: boolean }) {
  const { t } = useTranslation();
  const back = useBackAction(native);
  return (
    <header className="app-header">
      <button type="button" className="app-header__back" aria-label={t('app.back')} onClick={back}>
        <BackIcon />
        <span>{t('app.back')}</span>
      </button>
      <span className="app-header__name">{t('app.name')}</span>
      <VoiceCommandButton className="app-header__assistant" />
    </header>
  );
}

/** Moves focus to the new page's h1 on every route change (not on the first load). */
function useFocusOnRouteChange(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    focusPageHeading();
  }, [pathname]);
}

/** The Android hardware back button runs the same back action. */
function useHardwareBack(native: boolean) {
  const back = useBackAction(native);
  const backRef = useRef(back);
  useEffect(() => {
    backRef.current = back;
  }, [back]);
  useEffect(() => platform.onBackButton(() => backRef.current()), []);
}

/**
 * The header's room while the app starts (loading-shell.ts draws it too): empty, and as tall as the
 * header, so that the header's arrival with the first page moves nothing below it.
 */
function HeaderRoom() {
  return (
    <div className="app-header" aria-hidden="true">
      <span className="app-header__room" />
    </div>
  );
}

/** The polite loading state: while the app starts, and while a page's code arrives. */
function Loading() {
  const { t } = useTranslation();
  return (
    <p className="app-loading" role="status" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}

export interface RootLayoutProps {
  /** The features on this platform. */
  features: readonly FeatureManifest[];
  /** Whether the app runs in the native shell: asked once, where the app starts. */
  native: boolean;
  /** The routes of the pages (wouter's <Route>s): the first that matches the path is shown. */
  children: ReactNode;
}

/** The app shell: skip link, header, <main>, bottom navigation, live regions, privacy gate, guard. */
export function RootLayout({ features, native, children }: RootLayoutProps) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const search = useSearch();
  // The store's change renders at once and in one piece; the first page, which this flag lets in,
  // renders in the background instead, in slices that leave the main thread free between them.
  const initialized = useDeferredValue(useSession((s) => s.initialized));
  const loggedIn = useSession(selectLoggedIn);
  const hasAdminToken = useSession((s) => Boolean(s.adminToken));
  useFocusOnRouteChange(pathname);
  useHardwareBack(native);
  const slots = useMemo(() => navSlots(features, native), [features, native]);

  const redirect = initialized
    ? guardRedirect(pathname, searchPart(search), { loggedIn, hasAdminToken })
    : null;
  const showNav = initialized && !shellHides(pathname, 'bottomNav');
  let header: React.ReactNode = null;
  if (!shellHides(pathname, 'header')) header = initialized ? <AppHeader native={native} /> : <HeaderRoom />;

  let content: React.ReactNode;
  if (!initialized) {
    content = <Loading />;
  } else if (redirect) {
    content = <Redirect to={redirect} replace />;
  } else {
    content = (
      <CameraRoute value={isCameraRoute(pathname)}>
        <Switch>{children}</Switch>
      </CameraRoute>
    );
  }

  return (
    <div className={showNav ? 'app app--with-nav' : 'app'}>
      <a
        className="skip-link"
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('app.skipToMain')}
      </a>
      <ServerUnreachableBanner />
      {header}
      <main id={MAIN_ID} tabIndex={-1} className="app-main">
        {/* One boundary for the app's life: moving on to a page whose code is still on its way keeps
            the last page on screen (AppRouter shows page changes as transitions); only a first load says
            "loading". */}
        <Suspense fallback={<Loading />}>{content}</Suspense>
      </main>
      {showNav ? <BottomNav slots={slots} /> : null}
      <PermissionOverlayHost />
      <LiveRegions />
      {initialized && !redirect ? <PrivacyGate native={native} /> : null}
      <UpdatePrompt />
    </div>
  );
}
