import {
  IdentityHeader,
  isAdminAccess,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
} from '@sfm/protocol';
import { currentLocale } from '../i18n/index.ts';
import { exchangeTimeoutMs, httpExchange, TransportError } from '../platform/index.ts';
import { getDeviceId } from '../session/device-id.ts';
import { useSession } from '../session/session-store.ts';
import { interpret, type AnswerCheck, type AnswerOf } from './answers.ts';
import type { EndpointRoute } from './endpoint-route.ts';
import { NetworkError } from './network-error.ts';

/** Spec §7/§9: 20 s per request. */
export const HTTP_TIMEOUT_MS = 20_000;

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

/** The identity headers of spec §6 for this endpoint, from the session as it is now. */
export function identityHeaders(endpoint: EndpointRoute): Record<string, string> {
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
export function send<E extends Endpoint>(
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
