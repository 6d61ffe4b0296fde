import { selectLoggedIn, useSession } from '../session/index.ts';
import { pathOf } from '../ui/routes.ts';
import { lookup } from './features.ts';
import { guardRedirect } from './guards.ts';

/**
 * Starts loading the code of the page the first render will show — the one at the address, or the
 * one the guard sends this visitor to — while the app start's requests are on their way, instead of
 * once they are answered: a signed-in /see-for-me then renders as soon as the session is checked.
 */
export function preloadFirstPage(pathname: string, search: string): void {
  const session = useSession.getState();
  const redirect = guardRedirect(pathname, search, {
    loggedIn: selectLoggedIn(session),
    hasAdminToken: Boolean(session.adminToken),
  });
  const { route } = lookup(redirect ? pathOf(redirect) : pathname);
  // a failed load is retried by the render itself (lazyPage)
  if (route) route.page.preload().catch(() => undefined);
}
