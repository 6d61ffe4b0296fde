import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { platform } from '../platform/index.ts';
import { loginAs, renderApp, seedStorage } from '../../test/test-utils.tsx';

describe('route table', () => {
  it('a page has its proper title', () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/volunteer-calls');
    expect(screen.getByRole('heading', { level: 1, name: '志愿者接听' })).toBeInTheDocument();
    expect(document.title).toBe('志愿者接听 - 帮我看看');
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
