import { Capacitor, CapacitorHttp, type HttpOptions, type HttpResponse } from '@capacitor/core';

/** Spec §7/§9: in the native app requests go through the native HTTP plugin, 30 s to connect and to read. */
export const NATIVE_CONNECT_TIMEOUT_MS = 30_000;
export const NATIVE_READ_TIMEOUT_MS = 30_000;

export interface HttpExchange {
  method: string;
  /** A path on the API's origin (`/api/...`). */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The caller's cancellation and the browser's timeout. */
  signal: AbortSignal;
}

export interface HttpReply {
  status: number;
  text: string;
}

/**
 * Why no answer came (the native request messages of spec §8 other than the empty answer, which
 * has a status and is the client's to judge): timeout, network, or request data the native bridge
 * could not take even after a plain JSON copy.
 */
export type TransportFailure = 'timeout' | 'network' | 'data';

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportFailure,
    options?: { cause?: unknown },
  ) {
    super(`HTTP exchange failed: ${kind}`, options);
  }
}

/** What the adapter needs of the Capacitor HTTP plugin. */
export interface NativeHttp {
  request(options: HttpOptions): Promise<HttpResponse>;
}

/**
 * The API's origin in the native app, whose own pages are https://localhost: VITE_API_ORIGIN at
 * build time (`VITE_API_ORIGIN=https://api.example.com npm run native:sync`), else the page's own.
 */
export function apiUrl(path: string): string {
  const origin = (import.meta.env.VITE_API_ORIGIN as string | undefined) || window.location.origin;
  return new URL(path, origin).href;
}

const isTimeout = (error: unknown) => /time[d]?\s?out/i.test(String((error as Error)?.message ?? error));
const isDataClone = (error: unknown) => (error as Error)?.name === 'DataCloneError';

/**
 * One request through the native plugin. Native requests cannot be aborted: a caller's abort
 * rejects at once (the plugin's answer is then dropped). Request data the bridge cannot clone is
 * sent again as a plain JSON copy; a second refusal is the "data format" failure.
 */
export async function nativeExchange(http: NativeHttp, request: HttpExchange): Promise<HttpReply> {
  const options: HttpOptions = {
    url: apiUrl(request.url),
    method: request.method,
    headers: request.headers,
    data: request.body,
    connectTimeout: NATIVE_CONNECT_TIMEOUT_MS,
    readTimeout: NATIVE_READ_TIMEOUT_MS,
    responseType: 'text',
  };
  const send = async (): Promise<HttpResponse> => {
    try {
      return await http.request(options);
    } catch (error) {
      if (!isDataClone(error)) throw error;
      try {
        return await http.request(JSON.parse(JSON.stringify(options)) as HttpOptions);
      } catch (again) {
        throw new TransportError(isDataClone(again) ? 'data' : 'network', { cause: again });
      }
    }
  };
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(request.signal.reason as Error);
    if (request.signal.aborted) abort();
    else request.signal.addEventListener('abort', abort, { once: true });
  });
  try {
    const response = await Promise.race([send(), aborted]);
    const { data } = response;
    const text = data == null ? '' : typeof data === 'string' ? data : JSON.stringify(data);
    return { status: response.status, text };
  } catch (error) {
    if (error instanceof TransportError || request.signal.aborted) throw error;
    throw new TransportError(isTimeout(error) ? 'timeout' : 'network', { cause: error });
  }
}

/** One request in the browser: fetch, same origin. Network failures reject (the caller tells them apart). */
async function webExchange(request: HttpExchange): Promise<HttpReply> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    credentials: 'same-origin',
  });
  return { status: response.status, text: await response.text() };
}

/**
 * How long the client waits for an answer in all: its own timeout in the browser; in the native app
 * the plugin's connect and read timeouts decide, so the client's guard only comes after both.
 */
export function exchangeTimeoutMs(browserMs: number): number {
  return Capacitor.isNativePlatform() ? NATIVE_CONNECT_TIMEOUT_MS + NATIVE_READ_TIMEOUT_MS : browserMs;
}

/** An API request: fetch in the browser, the Capacitor HTTP plugin in the native app (spec §7). */
export function httpExchange(request: HttpExchange): Promise<HttpReply> {
  return Capacitor.isNativePlatform() ? nativeExchange(CapacitorHttp, request) : webExchange(request);
}
