import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { clusterUrl, readPassword, runningCluster, startEmbeddedPostgres } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';
import * as schema from './schema.ts';

export type DatabaseMode = 'embedded' | 'external';

export interface DatabaseConnection {
  db: Database;
  mode: DatabaseMode;
  /** Ends the pool, then stops the embedded cluster if this process started it. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  /**
   * When the embedded cluster of DATA_DIR is already running (a server is up), use it instead of
   * failing. The CLI does this; a second server must not, as it would share the first one's cluster.
   */
  attachToRunning?: boolean;
}

const APP_DATABASE = 'see_for_me';

export function createPool(url: string, logger: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its server (restart, shutdown) must not crash the process.
  // 57P01 is the server shutting down (Ctrl-C reaches the embedded postgres too): expected, not news.
  pool.on('error', (err: Error & { code?: string }) =>
    logger[err.code === '57P01' ? 'debug' : 'warn']({ err: err.message }, 'idle database client error'),
  );
  return pool;
}

async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** The embedded cluster's URL, started by us (with a stop) or found running (without one). */
async function embeddedUrl(
  config: Pick<Config, 'dataDir' | 'embeddedPgPort'>,
  logger: Logger,
  options: ConnectOptions,
): Promise<{ url: string; stop?: () => Promise<void> }> {
  const dir = path.join(config.dataDir, 'pg');
  const passwordFile = path.join(config.dataDir, 'pg-password');
  const running = await runningCluster(dir);
  if (running) {
    if (!options.attachToRunning) {
      throw new Error(
        `The embedded PostgreSQL in ${dir} is already running (pid ${running.pid}, port ${running.port}). ` +
          `Is another server using DATA_DIR=${config.dataDir}? Stop it first ` +
          `(if no such process exists, delete ${path.join(dir, 'postmaster.pid')}).`,
      );
    }
    logger.info({ port: running.port }, 'using the embedded postgres that is already running');
    return { url: clusterUrl(running.port, await readPassword(passwordFile)) };
  }
  const cluster = await startEmbeddedPostgres({ dir, passwordFile, port: config.embeddedPgPort, logger });
  return { url: cluster.url, stop: cluster.stop };
}

/** Opens DATABASE_URL, or the embedded PostgreSQL in DATA_DIR/pg, and brings the schema up to date. */
export async function connect(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'embeddedPgPort'>,
  logger: Logger,
  options: ConnectOptions = {},
): Promise<DatabaseConnection> {
  const mode: DatabaseMode = config.databaseUrl ? 'external' : 'embedded';
  let url: string;
  let stop: (() => Promise<void>) | undefined;
  if (config.databaseUrl) {
    url = config.databaseUrl;
  } else {
    const embedded = await embeddedUrl(config, logger, options);
    stop = embedded.stop;
    try {
      await ensureDatabase(embedded.url, APP_DATABASE);
    } catch (err) {
      await stop?.();
      throw err;
    }
    url = embedded.url.replace(/\/postgres$/, `/${APP_DATABASE}`);
  }
  const pool = createPool(url, logger);
  const close = async () => {
    await pool.end();
    await stop?.();
  };
  try {
    await runMigrations(pool);
  } catch (err) {
    await close();
    throw err;
  }
  return { db: drizzle({ client: pool, schema }), mode, close };
}
