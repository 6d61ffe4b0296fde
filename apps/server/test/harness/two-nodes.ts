import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { attachSockets, type AttachedSockets } from '../../src/sockets/attach-sockets.ts';
import { connectRedisAdapter, type RedisAdapter } from '../../src/sockets/redis-adapter.ts';
import { createTestApp, type TestApp } from './app-harness.ts';
import type { TestDatabase } from './databases.ts';

export interface TestNode {
  app: TestApp;
  sockets: AttachedSockets;
  redis: RedisAdapter;
  url: string;
}

/**
 * Two server nodes on one database and one Redis (each on its own port, as two processes would
 * be), with this suite's own socket.io channels so other runs on the same Redis never mix in.
 */
export async function startTwoNodes(
  database: TestDatabase,
  redisUrl: string,
  config: Partial<Config> = {},
): Promise<TestNode[]> {
  const key = `sfm-test-${randomUUID()}`;
  const nodes: TestNode[] = [];
  for (let i = 0; i < 2; i += 1) {
    const app = await createTestApp({ database, config });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const redis = await connectRedisAdapter(redisUrl, createLogger('silent'), key);
    const sockets = attachSockets(app.app, { corsOrigins: [], redis });
    const { port } = app.app.server.address() as AddressInfo;
    nodes.push({ app, sockets, redis, url: `http://127.0.0.1:${port}` });
  }
  return nodes;
}

export async function stopNodes(nodes: TestNode[]): Promise<void> {
  for (const node of nodes) {
    await node.sockets.close();
    await node.app.close();
  }
}
