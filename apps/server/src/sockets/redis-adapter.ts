import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';

/**
 * The adapter publishes without awaiting. A publish refused while Redis is away (already logged as
 * a lost connection) must not become an unhandled rejection, which would end the process.
 */
function publishingSafely<C extends object>(client: C): C {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'publish')
        return (...args: unknown[]) =>
          (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch(() => undefined);
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

export interface RedisAdapter {
  /** socket.io's adapter factory (the `adapter` option of its Server). */
  adapter: ReturnType<typeof createAdapter>;
  /**
   * Whether messages reach the other nodes now. While Redis is away each node still serves its own
   * sockets (socket.io delivers locally first); the clients reconnect by themselves.
   */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * socket.io's Redis adapter: a message for a room is published once and every node delivers it to
 * its own sockets in that room, so a call rung on one node reaches a volunteer connected to
 * another. `key` separates deployments (and tests) that share one Redis.
 */
export async function connectRedisAdapter(
  url: string,
  logger: Logger,
  key = 'socket.io',
): Promise<RedisAdapter> {
  // while Redis is away a message for other nodes fails at once: queued, it would arrive late and stale
  const pub = createClient({ url, disableOfflineQueue: true });
  const sub = pub.duplicate();
  // a reconnecting client errs at every attempt: one line when the link is lost, one when it is back
  let lost = false;
  for (const client of [pub, sub]) {
    client.on('error', (err: unknown) => {
      if (lost) return;
      lost = true;
      logger.error({ err }, 'redis connection lost; calls across nodes fail until it is back');
    });
    client.on('ready', () => {
      if (!lost || !pub.isReady || !sub.isReady) return;
      lost = false;
      logger.info('redis connection restored');
    });
  }
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(publishingSafely(pub), sub, { key }),
    connected: () => pub.isReady && sub.isReady,
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
