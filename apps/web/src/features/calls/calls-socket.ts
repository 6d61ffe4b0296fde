import type { SocketAuth } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';
import { defaultSocketFactory } from '../speech/index.ts';

/**
 * A socket on a calls namespace, opened with the page's identity. socket.io reconnects it on its
 * own; a call it was carrying ended when it dropped (the server ends it), the page says so.
 */
export async function openCallsSocket(namespace: string, auth: SocketAuth): Promise<Socket> {
  await defaultSocketFactory.ready?.();
  return defaultSocketFactory(namespace, {
    auth,
    timeoutMs: 10_000,
    forceNew: true,
    reconnection: { attempts: Number.POSITIVE_INFINITY, delayMs: 1000 },
  });
}
