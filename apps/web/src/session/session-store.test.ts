import { beforeEach, describe, expect, it } from 'vitest';
import { seedStorage, testSession } from '../../test/test-utils.tsx';
import { selectLoggedIn, useSession } from './session-store.ts';

beforeEach(() => useSession.getState().reloadFromStorage());

describe('session store', () => {
  it('mirrors a login into the exact storage keys', () => {
    useSession.getState().setSession(testSession({ userType: 1, speechRate: 1.5 }));
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('refreshToken')).toBe('rt-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      id: 'u1',
      phone: '13800138000',
      nickname: null,
      userType: 1,
      speechRate: 1.5,
    });
    expect(localStorage.getItem('speechRate')).toBe('1.5');
    expect(selectLoggedIn(useSession.getState())).toBe(true);
  });

  it('logged in needs both token and user', () => {
    seedStorage({ token: 't' });
    expect(selectLoggedIn(useSession.getState())).toBe(false);
    seedStorage({ user: 'not json' });
    expect(useSession.getState().user).toBeNull();
  });

  it('speechRate defaults to 1; privacyAccepted is the string "true"', () => {
    expect(useSession.getState().speechRate).toBe(1);
    expect(useSession.getState().privacyAccepted).toBe(false);
    useSession.getState().acceptPrivacy();
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    useSession.getState().setSpeechRate(9);
    expect(useSession.getState().speechRate).toBe(1);
  });
});
