import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { platform } from '../platform/index.ts';
import { loginAs, mockFetch, ok, renderApp, seedStorage } from '../../test/test-utils.tsx';
import { BACK_OFFICE } from './back-office.ts';
import { i18n } from '../i18n/index.ts';
import { isPending } from '../ui/feature-manifest.ts';
import { USER_FEATURES } from './features.ts';

const PENDING_USER_ROUTES = USER_FEATURES.flatMap((f) => f.routes).filter((r) => isPending(r.page));
const PENDING_ADMIN_PAGES = BACK_OFFICE.pages.filter((p) => isPending(p.page));

const PENDING_TEXT = '此功能正在建设中，将在后续版本提供。';

describe('route table', () => {
  it('every pending user route renders its h1, the honest text and a way back', () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    for (const { path } of PENDING_USER_ROUTES) {
      const url = path.replace(':id', '42');
      const view = renderApp(url);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByText(PENDING_TEXT)).toBeInTheDocument();
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
      const back = screen.getByRole('link', { name: url === '/see-for-me' ? '返回首页' : '返回帮我看看' });
      expect(back).toHaveAttribute('href', url === '/see-for-me' ? '/' : '/see-for-me');
      expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('pending pages have their proper titles', () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/volunteer-calls');
    expect(screen.getByRole('heading', { level: 1, name: '志愿者接听' })).toBeInTheDocument();
    expect(document.title).toBe('志愿者接听 - 帮我看看');
  });

  it('pending admin pages render in the back office frame with an admin token', async () => {
    seedStorage({ admin_token: 'adm', privacyAccepted: 'true' });
    mockFetch(() => ok({ id: 'a1', username: 'root', role: 'operator' }));
    for (const { path, titleKey } of PENDING_ADMIN_PAGES) {
      const view = renderApp(path);
      const title = i18n.t(titleKey, { ns: 'admin' });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(PENDING_TEXT)).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: '管理菜单' })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('guards redirect with the redirect query', async () => {
    seedStorage({ privacyAccepted: 'true' });
    const a = renderApp('/bme_admin/users?page=2');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/bme_admin'));
    expect(new URLSearchParams(a.router.state.location.search).get('redirect')).toBe(
      '/bme_admin/users?page=2',
    );
    a.unmount();
    const b = renderApp('/video-call');
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(b.router.state.location.search).get('redirect')).toBe('/video-call');
    expect(screen.getByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
  });

  it('admin routes are not registered in the native app', () => {
    vi.spyOn(platform, 'isNative').mockReturnValue(true);
    vi.spyOn(platform, 'name').mockReturnValue('android');
    loginAs({ userType: 0 });
    seedStorage({ admin_token: 'adm' });
    renderApp('/bme_admin/dashboard', { native: true });
    expect(screen.getByRole('heading', { level: 1, name: '页面不存在' })).toBeInTheDocument();
  });

  it('in the native app "/" redirects to /see-for-me', async () => {
    vi.spyOn(platform, 'isNative').mockReturnValue(true);
    vi.spyOn(platform, 'name').mockReturnValue('android');
    loginAs({ userType: 0 });
    const { router } = renderApp('/', { native: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/see-for-me'));
  });

  it('shows a polite loading state, not the login redirect, until initialized', () => {
    const { router } = renderApp('/see-for-me', { initialized: false });
    expect(screen.getByText('正在加载…')).toHaveAttribute('role', 'status');
    expect(router.state.location.pathname).toBe('/see-for-me');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('skip link first, then focus moves to the new h1 and the title updates on navigation', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/see-for-me');
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: '跳到主要内容' })).toHaveFocus();
    await user.click(screen.getByRole('link', { name: '陪我聊聊' }));
    const h1 = await screen.findByRole('heading', { level: 1, name: '陪我聊聊' });
    await waitFor(() => expect(h1).toHaveFocus());
    expect(document.title).toBe('陪我聊聊 - 帮我看看');
  });
});

describe('home', () => {
  // the ICP filing footer follows the server's settings: features/home/home-page.test.tsx
  it('has the h1, slogan and links; no back button, no nav', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: '帮我看看' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即体验' })).toHaveAttribute('href', '/see-for-me');
    expect(screen.getByRole('link', { name: '下载 App' })).toHaveAttribute('href', '/download');
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.title).toBe('帮我看看');
  });
});

describe('privacy page', () => {
  it('is public, with h2 sections', () => {
    renderApp('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: '隐私政策' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(6);
    expect(screen.getByText(/^设备标识：/)).toBeInTheDocument();
    expect(screen.getByText(/只有在您阅读并同意本政策之后/)).toBeInTheDocument();
  });
});
