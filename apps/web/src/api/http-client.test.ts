import { adminEndpoints } from '@sfm/protocol/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindNavigator } from '../ui/navigation.ts';
import { useSession } from '../session/session-store.ts';
import { takeSessionEndedNotice } from '../session/ended-notice.ts';
import { fail, headersOf, json, loginAs, mockFetch, ok, seedStorage, testUser } from '../test-utils.tsx';
import { api, HTTP_TIMEOUT_MS, NetworkError, refreshSession } from './http-client.ts';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  bindNavigator(navigate);
  useSession.getState().reloadFromStorage();
});
afterEach(() => {
  bindNavigator(null);
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

describe('401 → refresh → retry once', () => {
  it('refreshes, stores the new pair and retries with the new token', async () => {
    loginAs();
    const fetch = mockFetch((url, init) => {
      if (url === '/api/auth/refresh-token') {
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'rt-1' });
        return ok({ token: 'jwt-2', refreshToken: 'rt-2' });
      }
      return headersOf(init).get('token') === 'jwt-2'
        ? ok(testUser({ nickname: 'A' }))
        : fail(401, 'errors.token_invalid');
    });
    const answer = await api.call('me');
    expect(answer).toMatchObject({ ok: true, data: { nickname: 'A' } });
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      '/api/users/me',
      '/api/auth/refresh-token',
      '/api/users/me',
    ]);
    expect(localStorage.getItem('token')).toBe('jwt-2');
    expect(localStorage.getItem('refreshToken')).toBe('rt-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is returned', async () => {
    loginAs();
    const fetch = mockFetch((url) =>
      url === '/api/auth/refresh-token'
        ? ok({ token: 'jwt-2', refreshToken: 'rt-2' })
        : fail(401, 'errors.token_invalid'),
    );
    const answer = await api.call('me');
    expect(answer).toMatchObject({ ok: false, code: 401 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('clears the session and goes to "/" when refresh fails', async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true', speechRate: '1.5' });
    mockFetch((url) =>
      url === '/api/auth/refresh-token'
        ? fail(401, 'errors.refresh_token_invalid')
        : fail(401, 'errors.token_invalid'),
    );
    const answer = await api.call('me');
    expect(answer).toMatchObject({ ok: false, code: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    expect(localStorage.getItem('speechRate')).toBe('1.5');
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', expect.anything());
  });

  it("ends a banned account's session at once, without a refresh, and goes to the login page", async () => {
    loginAs();
    seedStorage({ privacyAccepted: 'true' });
    const fetch = mockFetch(() => fail(401, 'account_banned', '该账号已被封禁：发布违规内容'));
    const answer = await api.call('me');
    expect(answer).toMatchObject({ ok: false, code: 401, message: '该账号已被封禁：发布违规内容' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    expect(navigate).toHaveBeenCalledWith('/login', expect.anything());
    // the login page it lands on is told why, once
    expect(takeSessionEndedNotice()).toBe('该账号已被封禁：发布违规内容');
    expect(takeSessionEndedNotice()).toBeNull();
  });

  it('keeps the session when the refresh gets no real answer (5xx / offline)', async () => {
    loginAs();
    mockFetch((url) =>
      url === '/api/auth/refresh-token' ? fail(503, 'errors.internal') : fail(401, 'errors.token_invalid'),
    );
    const answer = await api.call('me');
    expect(answer).toMatchObject({ ok: false, code: 401 });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not refresh on 401 from the auth calls themselves', async () => {
    loginAs();
    const fetch = mockFetch(() => fail(401, 'errors.login_failed', '手机号或密码错误'));
    const answer = await api.call('login', { phone: '13800138000', password: 'wrong-pass' });
    expect(answer).toMatchObject({ ok: false, code: 401, message: '手机号或密码错误' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('does not refresh on 401 from a password reset (a public auth call)', async () => {
    const fetch = mockFetch(() => fail(401, 'sms_code_invalid', '验证码错误或已过期', 'code'));
    const answer = await api.call('passwordReset', {
      phone: '13800138000',
      code: '123456',
      newPassword: 'new-password-1',
    });
    expect(answer).toMatchObject({ ok: false, code: 401, data: { field: 'code' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands back a 401 about a field (a wrong code) as is: no refresh, no second attempt', async () => {
    loginAs();
    const fetch = mockFetch(() => fail(401, 'sms_code_invalid', '验证码错误或已过期', 'code'));
    const answer = await api.call('changePassword', { code: '123456', newPassword: 'new-password-1' });
    expect(answer).toMatchObject({ ok: false, code: 401, message: '验证码错误或已过期' });
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/auth/password']);
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (single flight)', async () => {
    loginAs();
    let refreshes = 0;
    const fetch = mockFetch(async (url, init) => {
      if (url === '/api/auth/refresh-token') {
        refreshes++;
        await new Promise((r) => setTimeout(r, 10));
        return ok({ token: 'jwt-2', refreshToken: 'rt-2' });
      }
      return headersOf(init).get('token') === 'jwt-2' ? ok(testUser()) : fail(401, 'errors.token_invalid');
    });
    const answers = await Promise.all([api.call('me'), api.call('me'), api.call('pointsDetails')]);
    expect(refreshes).toBe(1);
    expect(answers[0].ok && answers[1].ok).toBe(true);
    expect(fetch.mock.calls.filter((c) => c[0] === '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('refreshSession() called twice at once sends one request', async () => {
    loginAs();
    const fetch = mockFetch(() => ok({ token: 'jwt-9', refreshToken: 'rt-9' }));
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect([a, b]).toEqual(['refreshed', 'refreshed']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBe('jwt-9');
  });

  it('a malformed JSON body with status 200 is an answer, not a throw', async () => {
    mockFetch(() => json({ hello: 'world' }));
    await expect(api.call('androidLatest')).resolves.toMatchObject({ ok: false });
  });
});
