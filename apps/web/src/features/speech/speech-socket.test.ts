import { io } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { ANDROID_SYNTHESIS_SOCKET, BROWSER_SYNTHESIS_SOCKET } from './output/cloud-speech-config.ts';
import { defaultSocketFactory } from './speech-socket.ts';

vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({})) }));

const auth = { deviceId: 'd1', userType: 'temporary' as const };

describe('default socket factory', () => {
  it('Android /speech-synthesis: timeout 30 s, forceNew, 5 reconnection attempts 1 s apart', () => {
    defaultSocketFactory('/speech-synthesis', { ...ANDROID_SYNTHESIS_SOCKET, auth });
    expect(vi.mocked(io)).toHaveBeenLastCalledWith('/speech-synthesis', {
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

  it('browser: 10 s, a shared connection and no reconnection (the caller reconnects)', () => {
    defaultSocketFactory('/speech-synthesis', { ...BROWSER_SYNTHESIS_SOCKET, auth });
    expect(vi.mocked(io)).toHaveBeenLastCalledWith('/speech-synthesis', {
      transports: ['websocket'],
      auth,
      timeout: 10_000,
      forceNew: false,
      reconnection: false,
      autoConnect: true,
    });
  });
});
