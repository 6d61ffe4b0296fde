import { beforeEach, describe, expect, it } from 'vitest';
import { selectLoggedIn, useSession } from '../session/session-store.ts';
import { fail, mockFetch, seedStorage, testSession } from '../../test/test-utils.tsx';
import { logout } from './logout.ts';

beforeEach(() => useSession.getState().reloadFromStorage());

describe('logout', () => {
  it('logout clears token, refreshToken and user, keeps privacyAccepted and speechRate, tells the server', () => {
    const fetch = mockFetch(() => fail(500, 'errors.internal'));
    useSession.getState().setSession(testSession());
    useSession.getState().acceptPrivacy();
    useSession.getState().setSpeechRate(2);
    localStorage.setItem('admin_token', 'adm');
    logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    expect(localStorage.getItem('speechRate')).toBe('2');
    expect(localStorage.getItem('admin_token')).toBe('adm');
    expect(useSession.getState()).toMatchObject({
      token: null,
      user: null,
      privacyAccepted: true,
      speechRate: 2,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'rt-1' });
  });

  it('takes a token stored under the spec’s authToken, which a logout then clears for good', () => {
    const fetch = mockFetch(() => fail(500, 'errors.internal'));
    seedStorage({ authToken: 'jwt-spec', refreshToken: 'rt-1', user: JSON.stringify(testSession().user) });
    expect(useSession.getState().token).toBe('jwt-spec');
    expect(localStorage.getItem('token')).toBe('jwt-spec');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(selectLoggedIn(useSession.getState())).toBe(true);
    logout();
    useSession.getState().reloadFromStorage();
    expect(useSession.getState().token).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
