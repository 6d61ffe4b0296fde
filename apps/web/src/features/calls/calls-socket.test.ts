import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { openCallsSocket } from './calls-socket.ts';

describe('calls sockets', () => {
  it("open with the default client's options (20 s timeout), their own connection, reconnecting while the page is open", async () => {
    const factory = vi.fn((_namespace: string, _options: object) => ({}) as Socket);
    await openCallsSocket('/volunteers', { token: 'jwt' }, factory);
    // no timeout of its own: the default client's 20 s (speech-socket.test.ts checks that default)
    expect(factory).toHaveBeenCalledWith('/volunteers', {
      auth: { token: 'jwt' },
      forceNew: true,
      reconnection: { attempts: Number.POSITIVE_INFINITY, delayMs: 1000 },
    });
  });
});
