import type { AuthSession, User } from '@sfm/protocol';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { FEATURES } from '../src/app/features.ts';
import { buildRoutes } from '../src/app/router.tsx';
import { i18n } from '../src/i18n/index.ts';
import { useSession } from '../src/session/session-store.ts';
import { navigate } from '../src/ui/navigation.ts';

// every page's code is here before a test renders the route table: pages render at once
await Promise.all(FEATURES.flatMap((f) => f.routes).map(({ page }) => page.preload()));

export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  phone: '13800138000',
  nickname: null,
  userType: null,
  speechRate: 1,
  ...over,
});

export const testSession = (over: Partial<User> = {}): AuthSession => ({
  token: 'jwt-1',
  refreshToken: 'rt-1',
  user: testUser(over),
});

/** Puts a session in storage and reloads the store from it. */
export function seedStorage(values: Record<string, string>): void {
  for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
  useSession.getState().reloadFromStorage();
}

export function loginAs(over: Partial<User> = {}): AuthSession {
  const session = testSession(over);
  seedStorage({
    token: session.token,
    refreshToken: session.refreshToken,
    user: JSON.stringify(session.user),
  });
  return session;
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = (data: unknown) => json({ code: 200, message: '成功', data });
export const fail = (code: number, error: string, message = error, field?: string) =>
  json({ code, message, data: field ? { error, field } : { error } }, code);

/** Replaces global fetch; returns the mock for assertions. */
export function mockFetch(handler: FetchHandler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

/** The address as the tests read it. */
const router = {
  state: {
    get location() {
      return { pathname: window.location.pathname, search: window.location.search };
    },
  },
};

/**
 * Renders the real route table on jsdom's history, app already initialized. The entries are pushed
 * after the first, which stands for where the session opened: the last one is shown.
 */
export function renderApp(path: string | string[], { native = false, initialized = true } = {}) {
  useSession.getState().reloadFromStorage();
  if (initialized) useSession.setState({ initialized: true });
  const [first = '/', ...later] = Array.isArray(path) ? path : [path];
  window.history.replaceState(null, '', first);
  for (const entry of later) navigate(entry);
  const view = render(<I18nextProvider i18n={i18n}>{buildRoutes({ native })}</I18nextProvider>);
  return { router, ...view };
}
