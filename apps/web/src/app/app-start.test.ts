import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store.ts';
import { speechOutput } from '../features/speech/index.ts';
import { readSpeakWithScreenReader } from '../features/speech/speech-preferences.ts';
import { platform } from '../platform/index.ts';
import { fail, loginAs, mockFetch, ok } from '../../test/test-utils.tsx';
import { runAppStart, startApp } from './app-start.ts';
import { bindNavigator } from '../ui/navigation.ts';
import * as announcer from '../ui/announcer.tsx';

const navigate = vi.fn();
beforeEach(() => {
  navigate.mockReset();
  bindNavigator(navigate);
  useSession.getState().reloadFromStorage();
});
afterEach(() => bindNavigator(null));

describe('app start', () => {
  it('without a token just marks the app initialized', async () => {
    const fetch = mockFetch(() => ok(null));
    expect(useSession.getState().initialized).toBe(false);
    await runAppStart();
    expect(fetch).not.toHaveBeenCalled();
    expect(useSession.getState().initialized).toBe(true);
    expect(localStorage.getItem('initialized')).toBe('true');
    expect(localStorage.getItem('device_id')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('verifies the token and refreshes it', async () => {
    loginAs();
    const fetch = mockFetch((url) =>
      url === '/api/auth/verify-token' ? ok({ valid: true }) : ok({ token: 'jwt-2', refreshToken: 'rt-2' }),
    );
    await runAppStart();
    expect(fetch.mock.calls.map((c) => c[0]).sort()).toEqual([
      '/api/auth/refresh-token',
      '/api/auth/verify-token',
    ]);
    const verifyCall = fetch.mock.calls.find((c) => c[0] === '/api/auth/verify-token');
    expect(JSON.parse(String(verifyCall?.[1]?.body))).toEqual({ token: 'jwt-1' });
    expect(useSession.getState()).toMatchObject({ token: 'jwt-2', refreshToken: 'rt-2', initialized: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('verify says invalid but refresh works: keeps going with the new pair', async () => {
    loginAs();
    mockFetch((url) =>
      url === '/api/auth/verify-token' ? ok({ valid: false }) : ok({ token: 'jwt-2', refreshToken: 'rt-2' }),
    );
    await runAppStart();
    expect(useSession.getState()).toMatchObject({ token: 'jwt-2', initialized: true });
    expect(useSession.getState().user).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('both fail: logs out and goes to "/"', async () => {
    loginAs();
    localStorage.setItem('privacyAccepted', 'true');
    const fetch = mockFetch((url) =>
      url === '/api/auth/verify-token'
        ? fail(401, 'errors.token_invalid')
        : fail(401, 'errors.refresh_token_invalid'),
    );
    const announced = vi.spyOn(announcer, 'announce');
    await runAppStart();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, initialized: true });
    expect(localStorage.getItem('privacyAccepted')).toBe('true');
    expect(navigate).toHaveBeenCalledWith('/', expect.anything());
    // spec §8: said as a verify failure, with why
    expect(announced).toHaveBeenCalledWith('token 验证失败：登录已过期，请重新登录', { assertive: true });
    expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/auth/logout');
  });

  it('a server in trouble (5xx) does not log the user out', async () => {
    loginAs();
    mockFetch(() => new Response('', { status: 502 }));
    await runAppStart();
    expect(useSession.getState()).toMatchObject({ token: 'jwt-1', initialized: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no answer at all (offline) keeps the session', async () => {
    loginAs();
    mockFetch(() => Promise.reject(new TypeError('offline')));
    await runAppStart();
    expect(useSession.getState()).toMatchObject({ token: 'jwt-1', initialized: true });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('startApp', () => {
  it('knows whether a screen reader is on before the app is initialized and the speech service starts', async () => {
    mockFetch(() => ok(null));
    let answer: (on: boolean) => void = () => undefined;
    vi.spyOn(platform, 'isScreenReaderOn').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const init = vi.spyOn(speechOutput, 'init').mockResolvedValue(true);
    const started = startApp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useSession.getState().initialized).toBe(false);
    expect(init).not.toHaveBeenCalled();
    answer(true);
    await started;
    expect(readSpeakWithScreenReader()).toBe(true);
    expect(useSession.getState().initialized).toBe(true);
    expect(init).toHaveBeenCalledOnce();
  });
});
