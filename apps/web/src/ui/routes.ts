/**
 * The user app's paths (spec §2), named once. Manifests declare their pages with these and every
 * link, redirect and check uses them: nothing else writes a path. The admin area's paths live in
 * its own manifest (nothing in the user app links there).
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
  videoCall: '/video-call',
  volunteerCalls: '/volunteer-calls',
  pointsLogs: '/points-logs',
  pointsRecharge: '/points-recharge',
  /** The embedded sandbox gateway's checkout (SANDBOX_CHECKOUT_PATH of the protocol). */
  sandboxCheckout: '/points/sandbox-checkout',
  help: '/help',
  donate: '/donate',
  contactUs: '/contact-us',
  operationSettings: '/operation-settings',
  market: '/market',
  marketSceneAdd: '/market/scene/add',
  marketSceneEdit: '/market/scene/:id',
  marketUse: '/market/use/:id',
  authCallback: '/auth/callback',
  speechDebug: '/speech-debug',
} as const;

/** A route path with its parameters filled in: `pathTo(routes.marketUse, { id: 'a b' })` → "/market/use/a%20b". */
export const pathTo = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * The video call, started at once with the seeker's last AI description and its photo shared: one
 * tap from a result the AI was unsure of.
 */
export const CALL_SHARING_LAST = `${routes.videoCall}?share=last`;

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
