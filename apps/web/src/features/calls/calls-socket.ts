import type { SocketAuth } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';
import { defaultSocketFactory } from '../speech/index.ts';

/**
 * A socket on a calls namespace, opened with the page's identity. socket.io reconnects it on its
 * own; a call it was carrying ended when it dropped (the server ends it), the page says so. The spec
 * gives the calls namespaces no options of their own, so the default client's apply (spec §7: 20 s
 * connect timeout, reconnection 1 s to 5 s with 0.5 randomization), without a limit on attempts: a
 * volunteer's page waits for calls as long as it is open.
 */
export async function openCallsSocket(
  namespace: string,
  auth: SocketAuth,
  factory: typeof defaultSocketFactory = defaultSocketFactory,
): Promise<Socket> {
  await factory.ready?.();
  return factory(namespace, {
    auth,
    forceNew: true,
    reconnection: { attempts: Number.POSITIVE_INFINITY, delayMs: 1000 },
  });
}
