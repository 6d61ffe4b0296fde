import { io } from 'socket.io-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ANDROID_SYNTHESIS_SOCKET, BROWSER_SYNTHESIS_SOCKET } from './output/cloud-speech-config.ts';
import { useSession } from '../../session/index.ts';
import { defaultSocketFactory, sessionSpeechIdentity, SOCKET_CLIENT_DEFAULTS } from './speech-socket.ts';

vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({})) }));

const auth = { deviceId: 'd1', userType: 'temporary' as const };

describe('default socket factory', () => {
  beforeAll(async () => {
    await defaultSocketFactory.ready?.();
  });

  it('loads socket.io once, when the first socket is about to open; after that nothing waits', async () => {
    expect(defaultSocketFactory.ready?.()).toBeUndefined();
  });

  it('the default client (spec §7): delay 1000 ms, maximum 5000 ms, randomization 0.5, timeout 20000 ms', () => {
    expect(SOCKET_CLIENT_DEFAULTS).toEqual({
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      timeout: 20_000,
    });
    defaultSocketFactory('/any', { auth });
    expect(vi.mocked(io)).toHaveBeenLastCalledWith('/any', {
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      transports: ['websocket'],
      auth,
      timeout: 20_000,
      forceNew: false,
      reconnection: false,
      autoConnect: true,
    });
  });

  it('Android /speech-synthesis: timeout 30 s, forceNew, 5 reconnection attempts 1 s apart', () => {
    defaultSocketFactory('/speech-synthesis', { ...ANDROID_SYNTHESIS_SOCKET, auth });
    expect(vi.mocked(io)).toHaveBeenLastCalledWith('/speech-synthesis', {
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      transports: ['websocket'],
      auth,
      timeout: 30_000,
      forceNew: true,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1_000,
      autoConnect: true,
    });
  });

  it('browser /speech-synthesis: 30 s, a shared connection and no reconnection (the engine reconnects)', () => {
    defaultSocketFactory('/speech-synthesis', { ...BROWSER_SYNTHESIS_SOCKET, auth });
    expect(vi.mocked(io)).toHaveBeenLastCalledWith('/speech-synthesis', {
      ...SOCKET_CLIENT_DEFAULTS,
      transports: ['websocket'],
      auth,
      timeout: 30_000,
      forceNew: false,
      reconnection: false,
      autoConnect: true,
    });
  });
});

describe('the session identity of the speech sockets (spec §6)', () => {
  it('changes with login, token refresh and logout, and only then', () => {
    const store = useSession.getState();
    store.clearSession();
    const changed = vi.fn();
    const off = sessionSpeechIdentity.onChange(changed);
    expect(sessionSpeechIdentity.auth()).toMatchObject({ userType: 'temporary' });
    expect(sessionSpeechIdentity.auth().token).toBeUndefined();

    store.setSession({
      token: 'jwt-1',
      refreshToken: 'rt-1',
      user: { id: 'u1', phone: '13800138000', nickname: null, userType: null, speechRate: 1 },
    });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(sessionSpeechIdentity.auth()).toMatchObject({ token: 'jwt-1', userType: 'registered' });
    store.setSpeechRate(1.5); // not an identity change
    expect(changed).toHaveBeenCalledTimes(1);
    store.setTokens({ token: 'jwt-2', refreshToken: 'rt-2' });
    expect(changed).toHaveBeenCalledTimes(2);
    store.clearSession();
    expect(changed).toHaveBeenCalledTimes(3);
    expect(sessionSpeechIdentity.auth()).toMatchObject({ userType: 'temporary' });
    off();
    store.setTokens({ token: 'jwt-3', refreshToken: 'rt-3' });
    expect(changed).toHaveBeenCalledTimes(3);
    store.clearSession();
  });
});
