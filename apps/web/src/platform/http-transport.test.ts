import type { HttpOptions, HttpResponse } from '@capacitor/core';
import { describe, expect, it, vi } from 'vitest';
import { tr } from '../i18n/index.ts';
import { NetworkError } from '../api/http-client.ts';
import {
  nativeExchange,
  NATIVE_CONNECT_TIMEOUT_MS,
  NATIVE_READ_TIMEOUT_MS,
  TransportError,
  type HttpExchange,
  type NativeHttp,
} from './http-transport.ts';

const exchange = (signal = new AbortController().signal): HttpExchange => ({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'Content-Type': 'application/json' },
  body: '{"phone":"13800138000"}',
  signal,
});

/** The Capacitor HTTP plugin as the adapter sees it: answers or failures given by the test. */
function plugin(...outcomes: (HttpResponse | Error)[]): NativeHttp & { calls: HttpOptions[] } {
  const calls: HttpOptions[] = [];
  return {
    calls,
    request: vi.fn(async (options: HttpOptions) => {
      calls.push(options);
      const next = outcomes.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    }),
  };
}

const answer = (status: number, data: unknown): HttpResponse => ({ status, data, headers: {}, url: '' });
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

async function failure(http: NativeHttp): Promise<TransportError> {
  const error = await nativeExchange(http, exchange()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

describe('native HTTP (the Capacitor HTTP plugin)', () => {
  it('sends the request to the API origin with 30 s connect and read timeouts, and reads the text', async () => {
    const http = plugin(answer(200, '{"code":200}'));
    expect(await nativeExchange(http, exchange())).toEqual({ status: 200, text: '{"code":200}' });
    expect(http.calls[0]).toEqual({
      url: `${window.location.origin}/api/auth/login`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      data: '{"phone":"13800138000"}',
      connectTimeout: NATIVE_CONNECT_TIMEOUT_MS,
      readTimeout: NATIVE_READ_TIMEOUT_MS,
      responseType: 'text',
    });
    expect([NATIVE_CONNECT_TIMEOUT_MS, NATIVE_READ_TIMEOUT_MS]).toEqual([30_000, 30_000]);
  });

  it('hands an answer the plugin parsed itself back as text, and an empty one as empty', async () => {
    expect(await nativeExchange(plugin(answer(200, { code: 200 })), exchange())).toEqual({
      status: 200,
      text: '{"code":200}',
    });
    expect(await nativeExchange(plugin(answer(204, null)), exchange())).toEqual({ status: 204, text: '' });
  });

  it('tells a timeout (Android and iOS wordings) from a network failure', async () => {
    expect((await failure(plugin(new Error('java.net.SocketTimeoutException: timeout')))).kind).toBe(
      'timeout',
    );
    expect((await failure(plugin(new Error('The request timed out.')))).kind).toBe('timeout');
    expect((await failure(plugin(new Error('Unable to resolve host')))).kind).toBe('network');
  });

  it('sends data the bridge cannot clone once more as plain JSON; a second refusal is a data error', async () => {
    const retried = plugin(named('DataCloneError', 'could not be cloned'), answer(200, '{}'));
    expect(await nativeExchange(retried, exchange())).toEqual({ status: 200, text: '{}' });
    expect(retried.calls).toHaveLength(2);
    const refused = plugin(named('DataCloneError', 'x'), named('DataCloneError', 'x'));
    expect((await failure(refused)).kind).toBe('data');
  });

  it('rejects at once when the caller aborts (a native request cannot be stopped)', async () => {
    const controller = new AbortController();
    const never: NativeHttp = { request: () => new Promise(() => undefined) };
    const pending = nativeExchange(never, exchange(controller.signal));
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('says each failure in the words of spec §8, through the client’s one error path', () => {
    expect(new NetworkError('timeout').message).toBe('请求超时，请检查网络连接');
    expect(new NetworkError('network').message).toBe('网络连接失败，请检查网络设置');
    expect(new NetworkError('data').message).toBe('请求数据格式错误，请稍后重试');
    expect(tr('network.empty')).toBe('服务器返回了空响应');
  });
});
