import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';

export interface RedisAdapter {
  /** socket.io's adapter factory (the `adapter` option of its Server). */
  adapter: ReturnType<typeof createAdapter>;
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
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (err: unknown) => logger.error({ err }, 'redis connection error'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub, { key }),
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
