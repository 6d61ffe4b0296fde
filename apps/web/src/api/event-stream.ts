import type { BodyOf, DataOf, Endpoint, EndpointName } from '@sfm/protocol';
import { currentLocale, tr } from '../i18n/index.ts';
import { checkByName, failure, interpret, schemasOf, type ApiFailure } from './answers.ts';
import { endpointRoutes } from './endpoint-routes.ts';
import { NetworkError } from './network-error.ts';
import { withSession } from './session-refresh.ts';
import { identityHeaders } from './transport.ts';

/** An endpoint answering with server-sent events, opened: its events, each checked against `data`. */
export interface EventStream<T> {
  ok: true;
  code: 200;
  events: AsyncIterable<T>;
}

/** The `data: {json}` payloads of a server-sent event stream, as they arrive. */
async function* sseEvents<T>(body: ReadableStream<Uint8Array>, schema: Endpoint['data']): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('data: ')) yield schema.parse(JSON.parse(block.slice(6))) as T;
      }
    }
  } finally {
    // the reader lets go whichever way the caller stops: an abort, a break, or the end
    reader.releaseLock();
  }
}

/**
 * Opens an endpoint that answers with server-sent events (the chat's answer): the identity headers
 * and the 401 → refresh → retry of every call; a refusal before the first event is the usual
 * ApiFailure. No timeout of its own: the stream lasts as long as the answer, `signal` ends it.
 */
export function openEventStream<N extends EndpointName>(
  name: N,
  input: BodyOf<N>,
  signal: AbortSignal,
): Promise<EventStream<DataOf<N>> | ApiFailure> {
  const endpoint = endpointRoutes[name];
  const check = checkByName(name);
  return withSession(endpoint, async () => {
    let response: Response;
    try {
      response = await fetch(endpoint.path, {
        method: endpoint.method,
        headers: {
          Accept: 'text/event-stream',
          'Accept-Language': currentLocale(),
          'Content-Type': 'application/json',
          ...identityHeaders(endpoint),
        },
        body: JSON.stringify(input),
        signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new NetworkError('network', { cause: error });
    }
    const isStream = response.headers.get('content-type')?.startsWith('text/event-stream');
    if (response.ok && isStream && response.body) {
      const [, schema] = await schemasOf(check);
      return {
        ok: true as const,
        code: 200 as const,
        events: sseEvents<DataOf<N>>(response.body, schema),
      };
    }
    const answer = await interpret(check, response.status, await response.text());
    return answer.ok ? failure(502, 'errors.internal', tr('network.invalid')) : answer;
  });
}
