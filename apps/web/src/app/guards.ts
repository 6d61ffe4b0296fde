import type { Access } from '../ui/feature-manifest.ts';
import { withRedirect } from '../ui/routes.ts';
import { FEATURES, lookup } from './features.ts';

export interface GuardContext {
  /** Logged in: token and user present. */
  loggedIn: boolean;
  hasAdminToken: boolean;
}

/** Who may open a path: its route's access, else its area's; any other path needs a user (spec §2). */
export function accessOf(pathname: string): Access {
  const { route, area } = lookup(pathname);
  return route?.access ?? area?.access ?? 'user';
}

/** Where visitors without the token of an access level sign in. */
function signInPath(access: Exclude<Access, 'public'>): string {
  const page = FEATURES.flatMap((f) => f.routes).find((r) => r.signInFor === access);
  if (!page) throw new Error(`no sign-in page for ${access}`);
  return page.path;
}

/**
 * The navigation guard of spec §2. Returns where to go instead, or null to let the route render.
 * - admin route (except /bme_admin itself) without admin token → /bme_admin?redirect=…
 * - login-required route without user token → /login?redirect=…
 * - without a user token, any path but /, /login, /privacy, /download → /login?redirect=…
 * The manifests say which is which (the spec's "login required" pages are user pages).
 */
export function guardRedirect(pathname: string, search: string, ctx: GuardContext): string | null {
  const access = accessOf(pathname);
  if (access === 'public') return null;
  if (access === 'admin' ? ctx.hasAdminToken : ctx.loggedIn) return null;
  return withRedirect(signInPath(access), `${pathname}${search}`);
}
