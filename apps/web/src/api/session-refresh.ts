import { isAdminAccess, type Endpoints } from '@sfm/protocol';
import { useSession } from '../session/session-store.ts';
import { checkByName, type ApiFailure } from './answers.ts';
import type { EndpointRoute } from './endpoint-route.ts';
import { endpointRoutes } from './endpoint-routes.ts';
import { send } from './transport.ts';

/**
 * Why a session ended under a call (spec §4/§8):
 * - expired: the token was refused and so was its refresh;
 * - banned: the account was banned while signed in (no refresh can help); `message` is the
 *   server's, with its reason.
 */
export type SessionEnding = { reason: 'expired' } | { reason: 'banned'; message: string };

const endingListeners = new Set<(ending: SessionEnding) => void>();

/**
 * Calls `listener` each time a call ends the session: the app shell tells the user and takes them
 * to a page that fits, the client itself knows no page. Returns the unsubscribe.
 */
export function onSessionEnded(listener: (ending: SessionEnding) => void): () => void {
  endingListeners.add(listener);
  return () => endingListeners.delete(listener);
}

function endSession(ending: SessionEnding): void {
  useSession.getState().clearSession();
  for (const listener of endingListeners) listener(ending);
}

/** Calls that never trigger the refresh dance on 401: the auth calls themselves (by path). */
const AUTH_CALLS: ReadonlySet<string> = new Set(
  (
    [
      'register',
      'login',
      'smsSend',
      'smsLogin',
      'verifyToken',
      'refreshToken',
      'logout',
      'passwordReset',
      'adminLogin',
    ] as const
  ).map((name) => endpointRoutes[name].path),
);

/**
 * - refreshed: a new pair is stored;
 * - rejected: the server answered 4xx (refresh token invalid, expired, missing) — the session is over;
 * - unavailable: no answer, or a 5xx — we cannot tell, so the session is kept.
 */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable';

let refreshing: Promise<RefreshOutcome> | null = null;

async function doRefresh(): Promise<RefreshOutcome> {
  const { refreshToken } = useSession.getState();
  if (!refreshToken) return 'rejected';
  try {
    const answer = await send<Endpoints['refreshToken']>(
      endpointRoutes.refreshToken,
      checkByName('refreshToken'),
      { refreshToken },
    );
    if (answer.ok) {
      useSession.getState().setTokens(answer.data);
      return 'refreshed';
    }
    return answer.code >= 400 && answer.code < 500 ? 'rejected' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** POST /api/auth/refresh-token and store the new pair. Single-flight: concurrent callers share one request. */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!refreshing) {
    refreshing = doRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/**
 * One attempt, and on a 401 the session's answer to it: a banned account ends the session, an
 * expired token is refreshed once and the attempt made again, a refused refresh ends the session.
 */
export async function withSession<A extends { ok: true; code: number }>(
  endpoint: EndpointRoute,
  attempt: () => Promise<A | ApiFailure>,
): Promise<A | ApiFailure> {
  const tokenUsed = useSession.getState().token;
  const answer = await attempt();
  if (answer.code !== 401 || AUTH_CALLS.has(endpoint.path) || isAdminAccess(endpoint.access)) return answer;
  // a 401 about a field (a wrong SMS code) refuses what was typed, not the session: a retry would
  // only spend another of the code's attempts
  if (!answer.ok && answer.data?.field !== undefined) return answer;
  if (!answer.ok && answer.data?.error === 'account_banned') {
    endSession({ reason: 'banned', message: answer.message });
    return answer;
  }

  const current = useSession.getState().token;
  // someone else already rotated the token while we were in flight: just retry with it
  const outcome = current && current !== tokenUsed ? 'refreshed' : await refreshSession();
  if (outcome === 'refreshed') return attempt();
  // rejected: the session is over; unavailable: keep it and hand the 401 back
  if (outcome === 'rejected') endSession({ reason: 'expired' });
  return answer;
}
