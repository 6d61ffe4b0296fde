import { drizzle } from 'drizzle-orm/node-postgres';
import { createPool } from '../../src/db/connect.ts';
import { createLogger } from '../../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { TcpProxy } from './tcp-proxy.ts';

/**
 * A fresh database on the machine's PostgreSQL (TEST_DATABASE_URL) that the app reaches through a
 * TcpProxy, so a test can take the database away and give it back. `drop()` removes both.
 */
export async function proxiedDatabase(): Promise<TestDatabase & { proxy: TcpProxy }> {
  const real = await createTestDatabase('external');
  const proxy = await TcpProxy.start(real.url);
  const pool = createPool(proxy.through(real.url), createLogger('silent'));
  return {
    db: drizzle({ client: pool }),
    url: proxy.through(real.url),
    proxy,
    drop: async () => {
      await pool.end();
      await proxy.close();
      await real.drop();
    },
  };
}
