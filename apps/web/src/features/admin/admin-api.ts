import type { Endpoint, EndpointData } from '@sfm/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, NetworkError, type AnswerOf, type EndpointArgs } from '../../api/http-client.ts';
import { tr } from '../../i18n/index.ts';
import { useSession } from '../../session/index.ts';
import { announce } from '../../ui/announcer.tsx';
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

export interface AdminData<T> {
  data: T | null;
  /** The server's or the network's message when the last load failed. */
  error: string | null;
  loading: boolean;
  reload(): void;
}

/**
 * Loads something of the back office, again whenever `key` changes (the query, as JSON) or on
 * reload(). An answer that comes after a newer request started is dropped.
 */
export function useAdminData<E extends Endpoint>(
  key: string,
  load: (signal: AbortSignal) => Promise<AnswerOf<E>>,
): AdminData<EndpointData<E>> {
  const [round, setRound] = useState(0);
  const request = `${round}:${key}`;
  // what the last finished load answered, and for which request: loading until it is this one
  const [state, setState] = useState<{ request: string; data: EndpointData<E> | null; error: string | null }>(
    {
      request: '',
      data: null,
      error: null,
    },
  );
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState((s) =>
          answer.ok
            ? { request, data: answer.data, error: null }
            : { request, data: s.data, error: answer.message },
        );
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((s) => ({ request, data: s.data, error: failureText(error) }));
      },
    );
    return () => controller.abort();
  }, [request]);
  return { data: state.data, error: state.error, loading: state.request !== request, reload };
}
