import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../session/index.ts';
import {
  fail,
  loginAs,
  mockFetch,
  ok,
  renderApp,
  seedStorage,
  testSession,
  testUser,
} from '../../../test/test-utils.tsx';

beforeEach(() => seedStorage({ privacyAccepted: 'true' }));

const TRANSACTION = 't'.repeat(43);

describe('/login third-party button', () => {
  it('is offered with the configured provider’s name', async () => {
    mockFetch((url) =>
      url.endsWith('/api/auth/social') ? ok({ provider: { label: '示例账号' } }) : ok(null),
    );
    renderApp('/login');
    expect(await screen.findByRole('button', { name: '使用示例账号登录' })).toBeEnabled();
  });

  it('is absent when no provider is configured', async () => {
    const fetch = mockFetch(() => ok({ provider: null }));
    renderApp('/login');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /使用.*登录/ })).not.toBeInTheDocument();
  });
});

describe('/auth/callback', () => {
  it('finishes the login with the provider’s query once, then follows the saved redirect', async () => {
    seedStorage({ 'socialLogin.transaction': TRANSACTION });
    const session = { ...testSession({ userType: 0, phone: null }), redirect: '/points-logs', created: true };
    const fetch = mockFetch(() => ok(session));
    renderApp('/auth/callback?code=c1&state=s1');
    expect(screen.getByRole('heading', { level: 1, name: '第三方登录' })).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().token).toBe(session.token));
    expect(await screen.findByRole('heading', { level: 1, name: '积分明细' })).toBeInTheDocument();
    // the page the redirect opens fetches its own data: only the callback's requests are counted
    const callbacks = fetch.mock.calls.filter(([url]) => String(url) === '/api/auth/social/callback');
    expect(callbacks).toHaveLength(1);
    expect(JSON.parse(String(callbacks[0]![1]?.body))).toEqual({
      transaction: TRANSACTION,
      callbackQuery: '?code=c1&state=s1',
    });
    // the secret is spent: a reload of the callback cannot use it again
    expect(localStorage.getItem('socialLogin.transaction')).toBeNull();
  });

  it('says why in the catalogue’s words and offers the way back to /login', async () => {
    seedStorage({ 'socialLogin.transaction': TRANSACTION });
    mockFetch(() => fail(400, 'social_login_failed', '第三方登录未能完成，请重试'));
    renderApp('/auth/callback?code=c1&state=forged');
    expect(await screen.findByText('第三方登录未能完成，请重试')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: '返回登录页' })).toHaveAttribute('href', '/login');
    expect(useSession.getState().token).toBeNull();
  });

  it('without a login under way (a replayed or stale callback) says it expired, asking nothing of the server', async () => {
    const fetch = mockFetch(() => ok(null));
    renderApp('/auth/callback?code=c1&state=s1');
    expect(await screen.findByText('本次登录已过期或已完成，请重新登录')).toHaveAttribute('role', 'alert');
    // (the shell's voice button asks what the server can hear: not about this login)
    expect(fetch.mock.calls.filter(([url]) => String(url) !== '/api/capabilities')).toEqual([]);
  });
});

describe('/profile of an account without a phone', () => {
  it('says no phone is bound and binds one with an SMS code', async () => {
    loginAs({ phone: null, userType: 0 });
    const bodies: Record<string, unknown> = {};
    mockFetch((url, init) => {
      if (init.body) bodies[url] = JSON.parse(String(init.body));
      if (url === '/api/auth/sms/send') return ok({ expiresInSeconds: 300, resendAfterSeconds: 60 });
      if (url === '/api/users/me/phone') return ok(testUser({ phone: '13800138000', userType: 0 }));
      return fail(404, 'not_found');
    });
    renderApp('/profile');
    expect(await screen.findByText('手机号：未绑定')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('手机号'), '138 0013 8000');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60 秒后重新获取' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '绑定手机号' }));
    expect(await screen.findByText('手机号：138****8000')).toBeInTheDocument();
    expect(bodies['/api/users/me/phone']).toEqual({ phone: '13800138000', code: '123456' });
    expect(screen.queryByRole('button', { name: '绑定手机号' })).not.toBeInTheDocument();
  });

  it('shows a refusal about the phone under the phone field', async () => {
    loginAs({ phone: null, userType: 0 });
    mockFetch((url) =>
      url === '/api/users/me/phone'
        ? fail(409, 'phone_bound_elsewhere', '该手机号已绑定其他账号')
        : fail(404, 'not_found'),
    );
    renderApp('/profile');
    await userEvent.type(await screen.findByLabelText('手机号'), '13800138000');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '绑定手机号' }));
    await waitFor(() =>
      expect(screen.getByLabelText('手机号')).toHaveAccessibleDescription('该手机号已绑定其他账号'),
    );
  });
});
