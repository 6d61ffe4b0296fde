import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { VoiceCommandButton } from '../features/assistant/voice-command-button.tsx';
import { selectLoggedIn, useSession } from '../features/session/session-store.ts';
import { platform } from '../platform/index.ts';
import { LiveRegions } from './announcer.tsx';
import { useBackAction } from './back-action.ts';
import { BottomNav, isBottomNavVisible } from './bottom-nav.tsx';
import { guardRedirect } from './guards.ts';
import { BackIcon } from './icons.tsx';
import { focusPageHeading } from './page.tsx';
import { PermissionOverlayHost } from './permission-overlay.tsx';
import { PrivacyGate } from './privacy-gate.tsx';

export const MAIN_ID = 'main';

function AppHeader() {
  const { t } = useTranslation();
  const back = useBackAction();
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
function useHardwareBack() {
  const back = useBackAction();
  const backRef = useRef(back);
  useEffect(() => {
    backRef.current = back;
  }, [back]);
  useEffect(() => platform.onBackButton(() => backRef.current()), []);
}

/** The app shell: skip link, header, <main>, bottom navigation, live regions, privacy gate, guard. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const initialized = useSession((s) => s.initialized);
  const loggedIn = useSession(selectLoggedIn);
  const hasAdminToken = useSession((s) => Boolean(s.adminToken));
  useFocusOnRouteChange(location.pathname);
  useHardwareBack();

  const redirect = initialized
    ? guardRedirect(location.pathname, location.search, { loggedIn, hasAdminToken })
    : null;
  const showNav = initialized && isBottomNavVisible(location.pathname);

  let content: React.ReactNode;
  if (!initialized) {
    content = (
      <p className="app-loading" role="status" aria-live="polite">
        {t('app.loading')}
      </p>
    );
  } else if (redirect) {
    content = <Navigate to={redirect} replace />;
  } else {
    content = <Outlet />;
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
      {location.pathname !== '/' && initialized ? <AppHeader /> : null}
      <main id={MAIN_ID} tabIndex={-1} className="app-main">
        {content}
      </main>
      {showNav ? <BottomNav /> : null}
      <PermissionOverlayHost />
      <LiveRegions />
      {initialized && !redirect ? <PrivacyGate /> : null}
    </div>
  );
}
