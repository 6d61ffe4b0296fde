import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { platform } from '../platform/index.ts';
import { loginAs, renderApp, seedStorage } from '../../test/test-utils.tsx';
import { performBack } from './back-action.ts';

const ctx = (over: Partial<Parameters<typeof performBack>[0]>) => {
  const base = {
    pathname: '/profile',
    native: false,
    canGoBack: true,
    exitApp: vi.fn(() => Promise.resolve()),
    navigate: vi.fn(),
  };
  return { ...base, ...over };
};

describe('back action', () => {
  it('exits the native app on /see-for-me', () => {
    const c = ctx({ pathname: '/see-for-me', native: true });
    performBack(c);
    expect(c.exitApp).toHaveBeenCalledTimes(1);
    expect(c.navigate).not.toHaveBeenCalled();
  });

  it('goes back in history elsewhere (and on /see-for-me in the browser)', () => {
    const a = ctx({ pathname: '/see-for-me' });
    performBack(a);
    expect(a.navigate).toHaveBeenCalledWith(-1);
    expect(a.exitApp).not.toHaveBeenCalled();
    const b = ctx({ pathname: '/profile', native: true });
    performBack(b);
    expect(b.navigate).toHaveBeenCalledWith(-1);
  });

  it('goes to "/" when there is no history', () => {
    const c = ctx({ canGoBack: false });
    performBack(c);
    expect(c.navigate).toHaveBeenCalledWith('/');
  });

  it('the header back button (返回) goes back', async () => {
    loginAs({ userType: 0 });
    seedStorage({ privacyAccepted: 'true' });
    const { router } = renderApp(['/see-for-me', '/profile']);
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/see-for-me'));
  });

  it('the Android back button on /see-for-me exits the app', () => {
    let handler: (() => void) | undefined;
    vi.spyOn(platform, 'isNative').mockReturnValue(true);
    vi.spyOn(platform, 'name').mockReturnValue('android');
    vi.spyOn(platform, 'onBackButton').mockImplementation((h) => {
      handler = h;
      return () => undefined;
    });
    const exit = vi.spyOn(platform, 'exitApp').mockResolvedValue();
    loginAs({ userType: 0 });
    renderApp('/see-for-me', { native: true });
    expect(handler).toBeDefined();
    handler!();
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
