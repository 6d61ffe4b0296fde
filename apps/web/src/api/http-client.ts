import type { Endpoint, EndpointName, Endpoints } from '@sfm/protocol';
import { answerCheck, checkByName, type AnswerOf, type ApiAnswer } from './answers.ts';
import { endpointRoutes } from './endpoint-routes.ts';
import { openEventStream } from './event-stream.ts';
import { withSession } from './session-refresh.ts';
import { send, type EndpointArgs } from './transport.ts';

export type { AnswerOf, ApiAnswer, ApiFailure, ApiSuccess, Success } from './answers.ts';
export type { EventStream } from './event-stream.ts';
export { NetworkError, type NetworkErrorKind } from './network-error.ts';
export {
  onSessionEnded,
  refreshSession,
  type RefreshOutcome,
  type SessionEnding,
} from './session-refresh.ts';
export { HTTP_TIMEOUT_MS, type CallOptions, type EndpointArgs } from './transport.ts';

/**
 * Calls an endpoint given as an object: for the back office's tables (`@sfm/protocol/admin`), which
 * only its own chunks load, zod and all. Every call of the user app goes by name (`call`).
 */
function request<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<AnswerOf<E>> {
  const [input, options] = args;
  return withSession(endpoint, () =>
    send(
      endpoint,
      answerCheck(() => endpoint.data),
      input,
      options,
    ),
  );
}

/** Calls an endpoint of the protocol's `endpoints` (the core's and every feature's) by its name. */
function call<N extends EndpointName>(name: N, ...args: EndpointArgs<Endpoints[N]>): Promise<ApiAnswer<N>> {
  const [input, options] = args;
  const route = endpointRoutes[name];
  return withSession(route, () => send<Endpoints[N]>(route, checkByName(name), input, options));
}

/**
 * The one HTTP client of the app, typed by the protocol's endpoint tables: transport.ts sends,
 * session-refresh.ts answers a 401, event-stream.ts opens a stream of server-sent events.
 */
export const api = { call, request, stream: openEventStream };
