import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { platform } from '../platform/index.ts';
import { canGoBack } from '../ui/navigation.ts';
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
  const [pathname, navigate] = useLocation();
  return useCallback(() => {
    performBack({
      pathname,
      native,
      canGoBack: canGoBack(),
      exitApp: () => platform.exitApp(),
      navigate: (to) => {
        if (typeof to === 'number') window.history.go(to);
        else navigate(to, { replace: true });
      },
    });
  }, [pathname, native, navigate]);
}
