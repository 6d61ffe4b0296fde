import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, refreshSession } from '../api/http-client.ts';
import { takeSessionEndedNotice } from '../session/ended-notice.ts';
import { useSession } from '../session/session-store.ts';
import {
  fail,
  headersOf,
  json,
  loginAs,
  mockFetch,
  ok,
  seedStorage,
  testUser,
} from '../../test/test-utils.tsx';
import { bindNavigator } from '../ui/navigation.ts';
import { followSessionEndings } from './session-endings.ts';

const navigate = vi.fn();
let unfollow: () => void;

// a call's 401 as the user meets it: the client refreshes and retries, or ends the session, which
// the shell turns into words and a page
beforeEach(() => {
  navigate.mockReset();
  bindNavigator(navigate);
  unfollow = followSessionEndings();
  useSession.getState().reloadFromStorage();
});
afterEach(() => {
  unfollow();
  bindNavigator(null);
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
