import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
} from '../../../test/test-utils.tsx';

const LOGOUT_ALL = '/api/auth/logout-all';

async function openProfile(logoutAll: () => Response) {
  loginAs({ userType: 0 });
  seedStorage({ privacyAccepted: 'true', speechRate: '2' });
  const fetch = mockFetch((url) => (url === LOGOUT_ALL ? logoutAll() : ok(null)));
  const view = renderApp('/profile');
  // the page is loaded lazily: the tests begin once it has rendered
  await screen.findByRole('region', { name: '账号安全' });
  return { fetch, ...view };
}

const security = () => screen.getByRole('region', { name: '账号安全' });
const logoutAll = () => within(security()).getByRole('button', { name: '退出所有设备' });
const question = () => screen.getByText(/将退出您在所有设备上的登录/);

describe('/profile: 退出所有设备', () => {
  it('asks first (the question takes focus), then ends every session and leaves for /login like 退出登录', async () => {
    const { fetch, router } = await openProfile(() => ok(null));
    await userEvent.click(logoutAll());
    expect(question()).toHaveFocus();
    expect(within(security()).getByRole('group', { name: question().textContent! })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === LOGOUT_ALL)).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '确定退出所有设备' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [, init] = fetch.mock.calls.find(([url]) => url === LOGOUT_ALL)!;
    expect(init?.method).toBe('POST');
    expect(headersOf(init).get('token')).toBe('jwt-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(useSession.getState().user).toBeNull();
    // the preferences stay, as after 退出登录
    expect(localStorage.getItem('speechRate')).toBe('2');
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('已退出所有设备'));
  });

  it('Esc or 取消 takes the question back and gives focus to 退出所有设备; nothing is sent', async () => {
    const { fetch } = await openProfile(() => ok(null));
    await userEvent.click(logoutAll());
    expect(question()).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText(/将退出您在所有设备上的登录/)).toBeNull();
    await waitFor(() => expect(logoutAll()).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    expect(question()).toHaveFocus();
    await userEvent.click(within(security()).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(logoutAll()).toHaveFocus());
    expect(fetch.mock.calls.some(([url]) => url === LOGOUT_ALL)).toBe(false);
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('a failure keeps the session and the question, and says so', async () => {
    const { router } = await openProfile(() => fail(500, 'internal', '服务器内部错误'));
    await userEvent.click(logoutAll());
    const confirm = screen.getByRole('button', { name: '确定退出所有设备' });
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('live-alert')).toHaveTextContent('退出所有设备失败'));
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(confirm).not.toHaveAttribute('aria-disabled');
    expect(confirm).toHaveFocus();
  });
});
