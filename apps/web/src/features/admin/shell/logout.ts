import { endpoints } from '@sfm/protocol';
import { api } from '../../../api/http-client.ts';
import { useSession } from '../../../session/index.ts';

/** The navigation state with which logout opens the login page, which then ends the admin token. */
export const LOGGING_OUT = { adminLogout: true } as const;

export const isLogout = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'adminLogout' in state && state.adminLogout === true;

/**
 * Ends the admin's sessions on the server, so a token left behind (a shared or lost laptop) stops
 * working at once, and drops the token here. Best effort: offline or refused, the token is dropped
 * all the same. The request is built now, with the token it ends, before the token goes.
 */
export function endAdminSession(): void {
  if (useSession.getState().adminToken) {
    // not adminCall: a 401 here (the token was over already) is no news for the login page to show
    void api.request(endpoints.adminLogout).catch(() => undefined);
  }
  useSession.getState().setAdminToken(null);
}
