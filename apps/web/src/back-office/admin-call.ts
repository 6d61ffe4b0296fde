import type { Endpoint } from '@sfm/protocol';
import { api, NetworkError, type AnswerOf, type EndpointArgs } from '../api/http-client.ts';
import { tr } from '../i18n/index.ts';
import { useSession } from '../session/index.ts';
import { announce } from '../ui/announcer.tsx';
import { useAdminNotice } from './admin-notice.ts';

/**
 * An admin call. A 401 means the admin token is over (expired, or the admin was disabled): the
 * token is dropped, which sends the operator to the login page with this page as the redirect
 * (the guard), and the reason is said there.
 */
export async function adminCall<E extends Endpoint>(
  endpoint: E,
  ...args: EndpointArgs<E>
): Promise<AnswerOf<E>> {
  const answer = await api.request(endpoint, ...args);
  // a 401 of the login itself is a wrong password, not an ended session
  if (answer.code === 401 && endpoint.access !== 'public') {
    useAdminNotice.getState().show(answer.message);
    announce(answer.message, { assertive: true });
    useSession.getState().setAdminToken(null);
  }
  return answer;
}

/** A failure's text: the server's message, or the network's. */
export const failureText = (error: unknown): string =>
  error instanceof NetworkError ? error.message : tr('network.failed');
