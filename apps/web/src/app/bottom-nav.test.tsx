import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { platform } from '../platform/index.ts';
import { loginAs, renderApp, seedStorage } from '../../test/test-utils.tsx';
import { volunteerTarget } from '../features/calls/manifest.ts';

function navLinks() {
  const nav = screen.getByRole('navigation', { name: '主导航' });
  return within(nav).getAllByRole('link');
}

describe('bottom navigation', () => {
  it('lists five items in order with their labels and targets; the selected one says 已选中', () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/see-for-me');
    const links = navLinks();
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      '陪我聊聊',
      '帮我看看市场',
      '已选中，帮我看看',
      '志愿者模式',
      '个人中心',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/aichat',
      '/market',
      '/see-for-me',
      '/video-call',
      '/profile',
    ]);
    expect(links[2]).toHaveAttribute('aria-current', 'page');
    expect(links[0]).not.toHaveAttribute('aria-current');
    // visible text and an aria-hidden icon in each
    for (const link of links) {
      expect(link.textContent).not.toBe('');
      expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('moves the selection when another item is followed', async () => {
    loginAs({ userType: 1 });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/see-for-me');
    await userEvent.click(screen.getByRole('link', { name: '个人中心' }));
    expect(await screen.findByRole('heading', { level: 1, name: '个人中心' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '已选中，个人中心' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '帮我看看' })).toBeInTheDocument();
  });

  it('hides the market item in the native app', () => {
    vi.spyOn(platform, 'isNative').mockReturnValue(true);
    loginAs({ userType: 0 });
    renderApp('/aichat', { native: true });
    expect(navLinks().map((l) => l.getAttribute('aria-label'))).toEqual([
      '已选中，陪我聊聊',
      '帮我看看',
      '志愿者模式',
      '个人中心',
    ]);
  });

  it('points the volunteer item at /role-select, /video-call or /volunteer-calls by userType', () => {
    expect(volunteerTarget(undefined)).toBe('/role-select');
    expect(volunteerTarget(null)).toBe('/role-select');
    expect(volunteerTarget(0)).toBe('/video-call');
    expect(volunteerTarget(1)).toBe('/volunteer-calls');
  });

  it.each([
    [null, '/role-select'],
    [0, '/video-call'],
    [1, '/volunteer-calls'],
  ] as const)('with stored userType %s the volunteer link goes to %s', (userType, href) => {
    loginAs({ userType });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/aichat');
    expect(screen.getByRole('link', { name: '志愿者模式' })).toHaveAttribute('href', href);
  });

  it('does not mark the volunteer item on /role-select (choosing a role is not the volunteer mode)', () => {
    loginAs({ userType: null });
    seedStorage({ privacyAccepted: 'true' });
    renderApp('/role-select');
    const volunteer = screen.getByRole('link', { name: '志愿者模式' });
    expect(volunteer).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('link', { name: /^已选中/ })).toBeNull();
  });

  it('is hidden on / and /login, shown elsewhere', () => {
    seedStorage({ privacyAccepted: 'true' });
    const home = renderApp('/');
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    home.unmount();
    const login = renderApp('/login');
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    login.unmount();
    renderApp('/privacy');
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
  });
});
