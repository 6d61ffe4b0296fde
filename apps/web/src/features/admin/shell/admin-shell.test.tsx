import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, headersOf, mockFetch, ok, renderApp, seedStorage } from '../../../../test/test-utils.tsx';

const profile = (role: 'super_admin' | 'operator', mustChangePassword = false) => ({
  id: 'a1',
  username: 'alice',
  role,
  mustChangePassword,
});

/** The admin's own profile for /api/admin/me; anything else answers `other`. */
function serve(role: 'super_admin' | 'operator', other: () => Response = () => fail(500, 'internal')) {
  return mockFetch((url) => (url === '/api/admin/me' ? ok(profile(role)) : other()));
}

const signedIn = () => seedStorage({ admin_token: 'adm-1', privacyAccepted: 'true' });

describe('the back office frame', () => {
  it("lists every admin page in the spec order (the 条码 mode's product list after the versions), the admins page for a super-admin only", async () => {
    signedIn();
    serve('super_admin');
    const view = renderApp('/bme_admin/scenes');
    const menu = screen.getByRole('navigation', { name: '管理菜单' });
    await screen.findByText('alice（超级管理员）');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      '数据概览',
      '用户管理',
      '场景管理',
      '积分配置',
      '版本管理',
      '商品列表',
      '通话记录',
      '系统调用',
      '用户反馈',
      '管理员',
      '操作日志',
    ]);
    expect(within(menu).getByRole('link', { name: '场景管理' })).toHaveAttribute('aria-current', 'page');
    view.unmount();

    serve('operator');
    renderApp('/bme_admin/admins');
    await screen.findByText('alice（运营）');
    expect(screen.queryByRole('link', { name: '管理员' })).toBeNull();
    expect(await screen.findByText('只有超级管理员可以打开此页面。')).toBeInTheDocument();
  });

  // antd's form under typed input is slow on a loaded machine: this one types three passwords
  it(
    'shows only the password change while the password is a temporary one, then the page asked for',
    { timeout: 30_000 },
    async () => {
      signedIn();
      let temporary = true;
      const sent: unknown[] = [];
      const fetch = mockFetch((url, init) => {
        if (url === '/api/admin/me') return ok(profile('operator', temporary));
        if (url === '/api/admin/auth/password') {
          sent.push(JSON.parse(String(init?.body)));
          temporary = false;
          // the old token ends with the change: the answer is this admin's new one
          return ok({ token: 'adm-2' });
        }
        return ok({ items: [], total: 0 });
      });
      renderApp('/bme_admin/calls');
      expect(
        await screen.findByText(/请先设置只有您知道的新密码/, {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: '修改密码' })).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('当前密码'), 'Temporary2345');
      await userEvent.type(screen.getByLabelText('新密码'), 'my-own-pass-1');
      await userEvent.type(screen.getByLabelText('再次输入新密码'), 'my-own-pass-2');
      await userEvent.click(screen.getByRole('button', { name: '保存新密码' }));
      expect(await screen.findByText('两次输入的新密码不一致', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(sent).toEqual([]);

      await userEvent.clear(screen.getByLabelText('再次输入新密码'));
      await userEvent.type(screen.getByLabelText('再次输入新密码'), 'my-own-pass-1');
      await userEvent.click(screen.getByRole('button', { name: '保存新密码' }));
      await waitFor(
        () => expect(screen.getByRole('heading', { level: 1, name: '通话记录' })).toBeInTheDocument(),
        { timeout: 10_000 },
      );
      expect(sent).toEqual([{ currentPassword: 'Temporary2345', newPassword: 'my-own-pass-1' }]);
      expect(localStorage.getItem('admin_token')).toBe('adm-2');
      // every call after the change carries the new token
      const [, after] = fetch.mock.calls.findLast(([url]) => url === '/api/admin/me')!;
      expect(headersOf(after).get('Authorization')).toBe('Bearer adm-2');
    },
  );

  it('says "not found" inside the frame for an unknown admin path', async () => {
    signedIn();
    serve('operator');
    renderApp('/bme_admin/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '管理菜单' })).toBeInTheDocument();
  });

  it('sends an operator whose token expired to the login page, redirect kept, and says why', async () => {
    signedIn();
    mockFetch(() => fail(401, 'token_invalid', '登录已过期，请重新登录'));
    const { router } = renderApp('/bme_admin/scenes?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bme_admin'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/bme_admin/scenes?x=1');
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: '管理员登录' })).toBeInTheDocument();
    const shown = screen.getAllByRole('alert').find((region) => region.querySelector('.ant-alert'));
    expect(shown).toHaveTextContent('登录已过期，请重新登录');
  });

  it('logs out to the login page without a redirect, ending the token on the server; the user session is untouched', async () => {
    signedIn();
    seedStorage({ token: 'user-jwt' });
    const fetch = serve('operator', () => ok(null));
    const { router } = renderApp('/bme_admin/calls');
    await userEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bme_admin'));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(localStorage.getItem('token')).toBe('user-jwt');
    const logouts = fetch.mock.calls.filter(([url]) => url === '/api/admin/auth/logout');
    expect(logouts).toHaveLength(1);
    expect(logouts[0]![1]?.method).toBe('POST');
    // the request carries the token it ends, and only that one
    expect(headersOf(logouts[0]![1]).get('Authorization')).toBe('Bearer adm-1');
    expect(headersOf(logouts[0]![1]).get('token')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: '管理员登录' })).toBeInTheDocument();
  });

  it('logs out all the same when the server cannot be told (offline), without saying the session expired', async () => {
    signedIn();
    const fetch = mockFetch((url) =>
      url === '/api/admin/me'
        ? ok(profile('operator'))
        : url === '/api/admin/auth/logout'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : ok({ items: [], total: 0 }),
    );
    const { router } = renderApp('/bme_admin/calls');
    await userEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bme_admin'));
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/api/admin/auth/logout')).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: '管理员登录' })).toBeInTheDocument();
    expect(screen.queryByText('登录已过期，请重新登录')).toBeNull();
  });
});

describe('the admin login page', () => {
  it('signs in and goes on to the redirect', async () => {
    seedStorage({ privacyAccepted: 'true' });
    const fetch = mockFetch((url) =>
      url === '/api/admin/auth/login' ? ok({ token: 'adm-9' }) : ok(profile('operator')),
    );
    const { router } = renderApp('/bme_admin?redirect=%2Fbme_admin%2Fversions');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'admin-pass-1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bme_admin/versions'));
    expect(localStorage.getItem('admin_token')).toBe('adm-9');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      username: 'alice',
      password: 'admin-pass-1',
    });
  });

  it("says what is missing before asking the server, and shows the server's refusal", async () => {
    seedStorage({ privacyAccepted: 'true' });
    const fetch = mockFetch(() => fail(401, 'admin_login_failed', '用户名或密码错误'));
    renderApp('/bme_admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
  });

  it('is not an open redirect: a target outside the back office goes to the dashboard', async () => {
    seedStorage({ admin_token: 'adm-1', privacyAccepted: 'true' });
    serve('operator', () => ok(null));
    const { router } = renderApp('/bme_admin?redirect=%2Fprofile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bme_admin/dashboard'));
  });
});
