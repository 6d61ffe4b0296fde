import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@sfm/protocol';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../session/index.ts';
import {
  fail,
  headersOf,
  loginAs,
  mockFetch,
  ok,
  renderApp,
  seedStorage,
  testSession,
  type FetchHandler,
} from '../../../test/test-utils.tsx';

const NEW_SESSION = { ...testSession({ userType: 0 }), token: 'jwt-new', refreshToken: 'rt-new' };

/** /profile signed in; the calls of this form answer `handler`, the page's others an empty success. */
async function openProfile(handler: FetchHandler, user: Partial<User> = {}) {
  loginAs({ userType: 0, ...user });
  seedStorage({ privacyAccepted: 'true' });
  const fetch = mockFetch((url, init) =>
    url === '/api/auth/password' || url === '/api/auth/sms/send' ? handler(url, init) : ok(null),
  );
  const view = renderApp('/profile');
  const calls = () =>
    fetch.mock.calls.filter(([url]) => url === '/api/auth/password' || url === '/api/auth/sms/send');
  // the page is loaded lazily: the tests begin once it has rendered
  await screen.findByRole('region', { name: '账号安全' });
  return { ...view, fetch, calls };
}

const toggle = () => screen.getByRole('button', { name: '修改密码' });
const security = () => screen.getByRole('region', { name: '账号安全' });
const save = () => screen.getByRole('button', { name: '保存新密码' });
const newPassword = () => screen.getByLabelText('新密码');

describe('/profile: 修改密码', () => {
  it('opens from a disclosure button; by the current password it stores the new session and says so', async () => {
    const { calls, router } = await openProfile(() => ok(NEW_SESSION));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('当前密码')).toBeNull();
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const form = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(within(form).getByRole('group', { name: '验证身份的方式' })).toHaveAccessibleDescription(
      '用验证码登录创建的账号没有密码，请选择“用短信验证码验证”',
    );
    expect(screen.getByRole('radio', { name: '用当前密码验证' })).toBeChecked();
    expect(screen.getByLabelText('当前密码')).toHaveAttribute('autocomplete', 'current-password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');

    await userEvent.type(screen.getByLabelText('当前密码'), 'old-password');
    await userEvent.type(newPassword(), 'new-password-1');
    await userEvent.click(save());
    await waitFor(() => expect(localStorage.getItem('token')).toBe('jwt-new'));
    expect(localStorage.getItem('refreshToken')).toBe('rt-new');
    expect(useSession.getState().refreshToken).toBe('rt-new');
    expect(calls()).toHaveLength(1);
    const [url, init] = calls()[0]!;
    expect(url).toBe('/api/auth/password');
    expect(headersOf(init).get('token')).toBe('jwt-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('密码已修改，其他设备上的登录已退出'),
    );
    // the form closes; focus goes back to the button that opened it
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle()).toHaveFocus());
    expect(screen.queryByLabelText('当前密码')).toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('checks the fields first, then puts a wrong current password under its field with focus there', async () => {
    const { calls } = await openProfile(() =>
      fail(400, 'password_wrong', '当前密码不正确', 'currentPassword'),
    );
    await userEvent.click(toggle());
    await userEvent.click(save());
    const current = screen.getByLabelText('当前密码');
    expect(current).toHaveAccessibleDescription('请输入密码');
    expect(newPassword()).toHaveAccessibleDescription('密码至少 8 位');
    expect(current).toHaveFocus();
    expect(calls()).toEqual([]);

    await userEvent.type(current, 'wrong-password');
    await userEvent.type(newPassword(), 'new-password-1');
    await userEvent.click(save());
    await waitFor(() => expect(current).toHaveAccessibleDescription('当前密码不正确'));
    expect(current).toHaveFocus();
    expect(within(security()).getAllByText('当前密码不正确')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(save()).toBeEnabled();
  });

  it('shows a refusal that is about no field in the form’s alert and gives focus back to the button', async () => {
    await openProfile(() => fail(429, 'rate_limited', '操作太频繁，请稍后再试'));
    await userEvent.click(toggle());
    await userEvent.type(screen.getByLabelText('当前密码'), 'old-password');
    await userEvent.type(newPassword(), 'new-password-1');
    await userEvent.click(save());
    const alert = within(security()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('操作太频繁，请稍后再试'));
    await waitFor(() => expect(save()).toHaveFocus());
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('by an SMS code to the account’s own phone: sends it, posts {code, newPassword}, stores the new session', async () => {
    const { calls } = await openProfile((url) =>
      url === '/api/auth/sms/send' ? ok({ expiresInSeconds: 300, resendAfterSeconds: 60 }) : ok(NEW_SESSION),
    );
    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('radio', { name: '用短信验证码验证' }));
    expect(screen.queryByLabelText('当前密码')).toBeNull();
    const code = within(security()).getByLabelText('验证码');
    expect(code).toHaveAccessibleDescription('验证码将发送到 138****8000');
    await userEvent.click(within(security()).getByRole('button', { name: '获取验证码' }));
    expect(await within(security()).findByRole('button', { name: '60 秒后重新获取' })).toBeDisabled();
    expect(code).toHaveFocus();
    await userEvent.type(code, '135790');
    await userEvent.type(newPassword(), 'new-password-1');
    await userEvent.click(save());
    await waitFor(() => expect(localStorage.getItem('token')).toBe('jwt-new'));
    expect(calls().map(([url]) => url)).toEqual(['/api/auth/sms/send', '/api/auth/password']);
    expect(JSON.parse(String(calls()[0]![1]?.body))).toEqual({ phone: '13800138000' });
    expect(JSON.parse(String(calls()[1]![1]?.body))).toEqual({
      code: '135790',
      newPassword: 'new-password-1',
    });
    expect(useSession.getState().token).toBe('jwt-new');
    await waitFor(() =>
      expect(screen.getByTestId('live-polite')).toHaveTextContent('密码已修改，其他设备上的登录已退出'),
    );
  });

  it('a wrong code is said under the code field, without a refresh or a second attempt', async () => {
    const { fetch } = await openProfile(() => fail(401, 'sms_code_invalid', '验证码错误或已过期', 'code'));
    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('radio', { name: '用短信验证码验证' }));
    const code = within(security()).getByLabelText('验证码');
    await userEvent.type(code, '000000');
    await userEvent.type(newPassword(), 'new-password-1');
    await userEvent.click(save());
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('验证码将发送到 138****8000 验证码错误或已过期'),
    );
    expect(code).toHaveFocus();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/password')).toHaveLength(1);
    expect(fetch.mock.calls.some(([url]) => url === '/api/auth/refresh-token')).toBe(false);
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('an account without a phone (a social login’s) is offered the current password only', async () => {
    await openProfile(() => ok(NEW_SESSION), { phone: null });
    await userEvent.click(toggle());
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByLabelText('当前密码')).toBeInTheDocument();
    expect(within(security()).queryByLabelText('验证码')).toBeNull();
  });

  it('取消 closes the form, forgets what was typed and gives focus back to 修改密码', async () => {
    await openProfile(() => ok(NEW_SESSION));
    await userEvent.click(toggle());
    await userEvent.type(screen.getByLabelText('当前密码'), 'old-password');
    await userEvent.click(within(security()).getByRole('button', { name: '取消' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle()).toHaveFocus());
    await userEvent.click(toggle());
    expect(screen.getByLabelText('当前密码')).toHaveValue('');
  });
});
