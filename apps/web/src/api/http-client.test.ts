import { adminEndpoints } from '@sfm/protocol/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store.ts';
import { fail, headersOf, loginAs, mockFetch, ok, seedStorage, testUser } from '../../test/test-utils.tsx';
import { api, HTTP_TIMEOUT_MS, NetworkError } from './http-client.ts';

beforeEach(() => {
  useSession.getState().reloadFromStorage();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('identity headers', () => {
  it('sends token + userType registered with a token', async () => {
    loginAs();
    const fetch = mockFetch(() => ok(testUser()));
    const answer = await api.call('me');
    expect(answer).toMatchObject({ ok: true, code: 200, data: { id: 'u1' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    const h = headersOf(init);
    expect(h.get('token')).toBe('jwt-1');
    expect(h.get('userType')).toBe('registered');
    expect(h.get('deviceId')).toBeNull();
    expect(h.get('Authorization')).toBeNull();
    expect(h.get('Accept-Language')).toBe('zh-CN');
  });

  it('an analysis also carries the token as Authorization: Bearer when logged in (spec §7), not without', async () => {
    const fetch = mockFetch(() => ok({ description: '画面里有一张桌子。' }));
    const request = { image: 'AAAA', scenario: 'observe' } as const;
    await api.call('visionAnalyze', request);
    expect(headersOf(fetch.mock.calls[0]![1]).get('Authorization')).toBeNull();
    loginAs();
    await api.call('visionAnalyze', request);
    const h = headersOf(fetch.mock.calls[1]![1]);
    expect(h.get('Authorization')).toBe('Bearer jwt-1');
    expect(h.get('token')).toBe('jwt-1');
  });

  it('sends deviceId + userType temporary without a token', async () => {
    const fetch = mockFetch(() => ok({ valid: false }));
    await api.call('verifyToken', { token: 'x' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/verify-token');
    expect(init?.method).toBe('POST');
    const h = headersOf(init);
    expect(h.get('token')).toBeNull();
    expect(h.get('userType')).toBe('temporary');
    expect(h.get('deviceId')).toBe(localStorage.getItem('device_id'));
    expect(h.get('deviceId')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(h.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'x' });
  });

  it('admin calls carry only the admin token, as Authorization: Bearer', async () => {
    loginAs();
    seedStorage({ admin_token: 'adm-1' });
    const fetch = mockFetch(() => ok({ id: 'a1', username: 'root', role: 'super_admin' }));
    await api.call('adminMe');
    // the back office's own table is called the same way
    await api.request(adminEndpoints.admins);
    for (const [, init] of fetch.mock.calls) {
      const h = headersOf(init);
      expect(h.get('Authorization')).toBe('Bearer adm-1');
      expect(h.get('token')).toBeNull();
      expect(h.get('deviceId')).toBeNull();
    }
  });

  it('puts GET input in the query string', async () => {
    loginAs();
    const fetch = mockFetch(() =>
      ok({ logs: [], pagination: { page: 2, pageSize: 10, total: 0, totalPages: 0 } }),
    );
    await api.call('pointsLogs', { page: 2, pageSize: 10 });
    expect(fetch.mock.calls[0]![0]).toBe('/api/points/logs?page=2&pageSize=10');
    expect(fetch.mock.calls[0]![1]?.body).toBeUndefined();
  });
});

describe('answers', () => {
  it.each([400, 404, 409, 429, 500])('returns a %i answer instead of throwing', async (code) => {
    mockFetch(() => fail(code, 'sms_code_invalid', '验证码错误或已过期', 'code'));
    const answer = await api.call('register', {
      phone: '13800138000',
      code: '123456',
      password: 'password1',
    });
    expect(answer).toEqual({
      ok: false,
      code,
      message: '验证码错误或已过期',
      data: { error: 'sms_code_invalid', field: 'code' },
    });
  });

  it('parses success data with the endpoint schema', async () => {
    mockFetch(() => ok({ token: 't', refreshToken: 'r', user: { nope: true } }));
    const answer = await api.call('login', { phone: '13800138000', password: 'x' });
    expect(answer.ok).toBe(false);
  });

  it('turns a non-JSON error page into an answer', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const answer = await api.call('login', { phone: '13800138000', password: 'x' });
    expect(answer).toMatchObject({ ok: false, code: 502 });
  });

  it('throws NetworkError(network) when fetch fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.call('androidLatest').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('network');
    expect((error as NetworkError).message).toBe('网络连接失败，请检查网络设置');
  });

  it('throws NetworkError(timeout) after 20 s', async () => {
    vi.useFakeTimers();
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.call('androidLatest').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
    expect((error as NetworkError).message).toBe('请求超时，请检查网络连接');
  });

  it('rethrows the caller’s own abort as is', async () => {
    const controller = new AbortController();
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api
      .call('androidLatest', undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
