import { useSession } from '../session/session-store.ts';
import { api } from './http-client.ts';

/**
 * Logs out: tells the server (best effort, with the refresh token) and clears token, refreshToken
 * and user at once; privacyAccepted and speechRate stay (spec §4).
 */
export function logout(): void {
  const { refreshToken } = useSession.getState();
  if (refreshToken) {
    // the request (and its identity headers) is built synchronously, before the session is cleared
    void api.call('logout', { refreshToken }).catch(() => undefined);
  }
  useSession.getState().clearSession();
}
