/** Routes anyone may open without a user token (spec §2 / §6). */
export const PUBLIC_PATHS: readonly string[] = ['/', '/login', '/privacy', '/download'];
/** Routes the spec marks "login required". */
export const LOGIN_REQUIRED_PATHS: readonly string[] = [
  '/role-select',
  '/video-call',
  '/volunteer-calls',
  '/points-logs',
];

export const ADMIN_LOGIN_PATH = '/bme_admin';

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_LOGIN_PATH || pathname.startsWith(`${ADMIN_LOGIN_PATH}/`);
}

function normalize(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export interface GuardContext {
  /** Logged in: token and user present. */
  loggedIn: boolean;
  hasAdminToken: boolean;
}

const withRedirect = (base: string, target: string) => `${base}?redirect=${encodeURIComponent(target)}`;

/**
 * The navigation guard of spec §2. Returns where to go instead, or null to let the route render.
 * - admin route (except /bme_admin itself) without admin token → /bme_admin?redirect=…
 * - login-required route without user token → /login?redirect=…
 * - without a user token, any path but /, /login, /privacy, /download → /login?redirect=…
 */
export function guardRedirect(pathname: string, search: string, ctx: GuardContext): string | null {
  const path = normalize(pathname);
  const target = `${pathname}${search}`;
  if (isAdminPath(path)) {
    if (path === ADMIN_LOGIN_PATH || ctx.hasAdminToken) return null;
    return withRedirect(ADMIN_LOGIN_PATH, target);
  }
  if (ctx.loggedIn) return null;
  if (LOGIN_REQUIRED_PATHS.includes(path)) return withRedirect('/login', target);
  if (!PUBLIC_PATHS.includes(path)) return withRedirect('/login', target);
  return null;
}

/** A redirect target is honoured only if it is a path of this app ("/x", not "//host" or "https://…"). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (/\p{Cc}/u.test(target)) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  if (path === '/login') return null;
  return target;
}

const ROLE_SELECT_PATH = '/role-select';

/**
 * Where to go after login or registration: an account without a role (every new one) is asked for
 * it first on /role-select, which then goes on to the redirect target; with a role, straight to the
 * target, else /see-for-me.
 */
export function afterLoginTarget(
  redirect: string | null | undefined,
  userType: 0 | 1 | null | undefined,
): string {
  const target = safeRedirect(redirect);
  if (userType != null) return target ?? '/see-for-me';
  if (!target || target.split(/[?#]/)[0] === ROLE_SELECT_PATH) return target ?? ROLE_SELECT_PATH;
  return withRedirect(ROLE_SELECT_PATH, target);
}
