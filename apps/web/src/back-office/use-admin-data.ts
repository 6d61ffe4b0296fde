import type { Endpoint, EndpointData } from '@sfm/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerOf } from '../api/http-client.ts';
import { failureText } from './admin-call.ts';

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
