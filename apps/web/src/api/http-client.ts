import {
  IdentityHeader,
  isAdminAccess,
  type ApiErrorData,
  type DataOf,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointName,
  type EndpointQuery,
  type Endpoints,
} from '@sfm/protocol';
import { getDeviceId } from '../session/device-id.ts';
import { noteSessionEnded } from '../session/ended-notice.ts';
import type { EndpointRoute } from './endpoint-route.ts';
import { endpointRoutes } from './endpoint-routes.ts';
import { loadProtocolSchemas, type ProtocolSchemas } from './protocol-schemas.ts';
import { useSession } from '../session/session-store.ts';
import { apiText, currentLocale, tr } from '../i18n/index.ts';
import { announce } from '../ui/announcer.tsx';
import { navigateTo } from '../ui/navigation.ts';
import { routes } from '../ui/routes.ts';
import { exchangeTimeoutMs, httpExchange, TransportError, type TransportFailure } from '../platform/index.ts';

/** Spec §7/§9: 20 s per request. */
export const HTTP_TIMEOUT_MS = 20_000;

/** No answer: it took too long, the network failed, or (native) the request data could not be sent. */
export type NetworkErrorKind = TransportFailure;

const NETWORK_MESSAGES = {
  timeout: 'network.timeout',
  network: 'network.failed',
  data: 'network.requestData',
} as const;

/** The only thing the client throws (besides the caller's own abort): no answer came back. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly kind: NetworkErrorKind,
    options?: { cause?: unknown },
  ) {
    super(tr(NETWORK_MESSAGES[kind]), options);
  }
}

export interface Success<T> {
  ok: true;
  code: number;
  message: string;
  data: T;
}
export type ApiSuccess<N extends EndpointName> = Success<DataOf<N>>;
export interface ApiFailure {
  ok: false;
  code: number;
  message: string;
  data: ApiErrorData;
}
/** The envelope `{code, message, data}` plus `ok` to narrow on. Error answers are returned, never thrown. */
export type AnswerOf<E extends Endpoint> = Success<EndpointData<E>> | ApiFailure;
export type ApiAnswer<N extends EndpointName> = AnswerOf<Endpoints[N]>;

type InputOf<E extends Endpoint> = E extends { body: unknown }
  ? EndpointBody<E>
  : E extends { query: unknown }
    ? EndpointQuery<E>
    : undefined;

export interface CallOptions {
  /** The caller's own cancellation (an abort rejects with the AbortError, not a NetworkError). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** An endpoint's input (body or query, when it has one) and the call's options. */
export type EndpointArgs<E extends Endpoint> =
  InputOf<E> extends undefined
    ? [input?: undefined, options?: CallOptions]
    : [input: InputOf<E>, options?: CallOptions];
type CallArgs<N extends EndpointName> = EndpointArgs<Endpoints[N]>;

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
 * What checks a call's answer: the protocol's envelope and error schemas and the endpoint's `data`
 * schema. They load beside the request (zod is not in the first download), never after it.
 */
type AnswerCheck = Promise<[ProtocolSchemas, Endpoint['data']]>;

function answerCheck(dataSchema: (protocol: ProtocolSchemas) => Endpoint['data']): AnswerCheck {
  const check = loadProtocolSchemas().then(
    (protocol) => [protocol, dataSchema(protocol)] as [ProtocolSchemas, Endpoint['data']],
  );
  // awaited only when an answer came; a request that failed first must not leave it unhandled
  check.catch(() => undefined);
  return check;
}

function failure(code: number, key: string, message?: string): ApiFailure {
  return { ok: false, code, message: message ?? apiText(key), data: { error: key } };
}

function identityHeaders(endpoint: EndpointRoute): Record<string, string> {
  const { token, adminToken } = useSession.getState();
  // admin calls carry the admin token alone: the server reads a `token` header first, so a user
  // token beside it would be taken for the admin's
  if (isAdminAccess(endpoint.access)) {
    return adminToken ? { [IdentityHeader.authorization]: `Bearer ${adminToken}` } : {};
  }
  if (!token) return { [IdentityHeader.deviceId]: getDeviceId(), [IdentityHeader.userType]: 'temporary' };
  return {
    [IdentityHeader.token]: token,
    [IdentityHeader.userType]: 'registered',
    ...(endpoint.bearer && { [IdentityHeader.authorization]: `Bearer ${token}` }),
  };
}

function buildUrl(endpoint: EndpointRoute, input: unknown): string {
  if (!endpoint.query || input == null || typeof input !== 'object') return endpoint.path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value as string | number));
  }
  const qs = params.toString();
  return qs ? `${endpoint.path}?${qs}` : endpoint.path;
}

/** One HTTP exchange: no 401 handling here. Builds the request synchronously (headers of *now*). */
function send<E extends Endpoint>(
  endpoint: EndpointRoute,
  check: AnswerCheck,
  input: unknown,
  options: CallOptions = {},
): Promise<AnswerOf<E>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...identityHeaders(endpoint),
  };
  let body: string | undefined;
  if (endpoint.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  }
  const url = buildUrl(endpoint, input);
  return exchange(check, url, { method: endpoint.method, headers, body }, options);
}

async function exchange<E extends Endpoint>(
  check: AnswerCheck,
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
  options: CallOptions,
): Promise<AnswerOf<E>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? exchangeTimeoutMs(HTTP_TIMEOUT_MS),
  );
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  let status: number;
  let text: string;
  try {
    // fetch in the browser, the native HTTP plugin in the app: one error path for both (spec §7)
    ({ status, text } = await httpExchange({ ...init, url, signal: controller.signal }));
  } catch (error) {
    if (timedOut) throw new NetworkError('timeout', { cause: error });
    if (options.signal?.aborted) throw error;
    if (error instanceof TransportError) throw new NetworkError(error.kind, { cause: error });
    throw new NetworkError('network', { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  return interpret(check, status, text);
}

async function interpret<E extends Endpoint>(
  check: AnswerCheck,
  status: number,
  text: string,
): Promise<AnswerOf<E>> {
  if (!text.trim()) return failure(status >= 400 ? status : 502, 'errors.internal', tr('network.empty'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failure(
      status >= 400 ? status : 502,
      'errors.internal',
      status >= 400 ? undefined : tr('network.invalid'),
    );
  }
  let protocol: ProtocolSchemas;
  let data: Endpoint['data'];
  try {
    [protocol, data] = await check;
  } catch (error) {
    // the schemas' chunk did not download: as much a network failure as the request's own
    throw new NetworkError('network', { cause: error });
  }
  if (status >= 200 && status < 300) {
    const parsed = protocol.envelope(data).safeParse(json);
    if (parsed.success && parsed.data.code === 200) {
      return {
        ok: true,
        code: parsed.data.code,
        message: parsed.data.message,
        data: parsed.data.data as EndpointData<E>,
      };
    }
    if (!parsed.success) return failure(502, 'errors.internal', tr('network.invalid'));
  }
  const error = protocol.ApiError.safeParse(json);
  if (error.success) return { ok: false, ...error.data };
  const message =
    json && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
      ? json.message
      : undefined;
  return failure(status, 'errors.internal', message);
}

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
      byName('refreshToken'),
      {
        refreshToken,
      },
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

/** Refresh failed: the session is over (spec §4/§8). */
function expireSession(): void {
  useSession.getState().clearSession();
  announce(tr('session.expired'), { assertive: true });
  navigateTo(routes.home);
}

/**
 * The account was banned while signed in: no refresh can help. The session ends and the user lands
 * on the login page, which shows and says the server's message (with its reason) once.
 */
function endBannedSession(answer: ApiFailure): void {
  useSession.getState().clearSession();
  noteSessionEnded(answer.message);
  navigateTo(routes.login);
}

/** Calls an endpoint of any table of the protocol (`endpoints`, or the back office's `adminEndpoints`). */
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

/** The check of an answer of the protocol's table, by the endpoint's name. */
const byName = (name: EndpointName) => answerCheck((protocol) => protocol.endpoints[name].data);

/**
 * One attempt, and on a 401 the session's answer to it: a banned account ends the session, an
 * expired token is refreshed once and the attempt made again, a refused refresh ends the session.
 */
async function withSession<A extends { ok: true; code: number }>(
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
    endBannedSession(answer);
    return answer;
  }

  const current = useSession.getState().token;
  // someone else already rotated the token while we were in flight: just retry with it
  const outcome = current && current !== tokenUsed ? 'refreshed' : await refreshSession();
  if (outcome === 'refreshed') return attempt();
  // rejected: the session is over; unavailable: keep it and hand the 401 back
  if (outcome === 'rejected') expireSession();
  return answer;
}

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
function stream<E extends Endpoint>(
  endpoint: E,
  input: EndpointBody<E>,
  signal: AbortSignal,
): Promise<EventStream<EndpointData<E>> | ApiFailure> {
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
      return {
        ok: true as const,
        code: 200 as const,
        events: sseEvents<EndpointData<E>>(response.body, endpoint.data),
      };
    }
    const answer = await interpret(
      answerCheck(() => endpoint.data),
      response.status,
      await response.text(),
    );
    return answer.ok ? failure(502, 'errors.internal', tr('network.invalid')) : answer;
  });
}

/** Calls an endpoint of the protocol's table by its name. */
function call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ApiAnswer<N>> {
  const [input, options] = args;
  const route = endpointRoutes[name];
  return withSession(route, () => send<Endpoints[N]>(route, byName(name), input, options));
}

/** The one HTTP client of the app, typed by the protocol's endpoint tables. */
export const api = { call, request, stream };
