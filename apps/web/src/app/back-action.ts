import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { platform } from '../platform/index.ts';
import { routes } from '../ui/routes.ts';

export interface BackContext {
  pathname: string;
  native: boolean;
  /** There is an earlier entry of this app in the history stack. */
  canGoBack: boolean;
  exitApp: () => Promise<void>;
  navigate: (to: number | string) => void;
}

/** The back action of spec §2: on /see-for-me in the native app exit; else history back (or "/"). */
export function performBack(ctx: BackContext): void {
  if (ctx.pathname === routes.seeForMe && ctx.native) {
    void ctx.exitApp().catch(() => undefined);
    return;
  }
  if (ctx.canGoBack) ctx.navigate(-1);
  else ctx.navigate(routes.home);
}

/** The back action; `native` is the app's one answer to where it runs (app.tsx). */
export function useBackAction(native: boolean): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    performBack({
      pathname: location.pathname,
      native,
      // react-router gives the first entry of a session the key "default"
      canGoBack: location.key !== 'default',
      exitApp: () => platform.exitApp(),
      navigate: (to) => {
        if (typeof to === 'number') void navigate(to);
        else void navigate(to, { replace: true });
      },
    });
  }, [location.key, location.pathname, native, navigate]);
}
