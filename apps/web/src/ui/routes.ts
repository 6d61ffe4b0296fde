/**
 * The user app's shared paths (spec §2), named once: the shell's own (home, sign-in, privacy,
 * profile, role choice, see-for-me) and pages that many parts link to. A feature whose pages are
 * its own names them in its paths.ts, which its manifest hands to other features (market, points,
 * calls). Manifests declare their pages with these and every link, redirect and check uses them:
 * nothing else writes a path. The admin area's paths live in its own manifest.
 */
export const routes = {
  home: '/',
  login: '/login',
  privacy: '/privacy',
  download: '/download',
  seeForMe: '/see-for-me',
  aichat: '/aichat',
  roleSelect: '/role-select',
  profile: '/profile',
  help: '/help',
  donate: '/donate',
  contactUs: '/contact-us',
  operationSettings: '/operation-settings',
  authCallback: '/auth/callback',
  speechDebug: '/speech-debug',
} as const;

/** A route path with its parameters filled in: `pathTo('/market/use/:id', { id: 'a b' })` → "/market/use/a%20b". */
export const pathTo = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** A query as location.search writes it ("?a=1", "" for none) from wouter's useSearch() ("a=1"). */
export const searchPart = (query: string) => (query ? `?${query}` : '');

/** `base?redirect=<target>`: where a sign-in page goes on to afterwards. */
export const withRedirect = (base: string, target: string) =>
  `${base}?redirect=${encodeURIComponent(target)}`;

/** The path part of a target ("/x?y#z" → "/x"). */
export const pathOf = (target: string) => target.split(/[?#]/)[0] ?? '';

/** A redirect target is honoured only if it is a path of this app ("/x", not "//host" or "https://…"). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (/\p{Cc}/u.test(target)) return null;
  if (pathOf(target) === routes.login) return null;
  return target;
}
