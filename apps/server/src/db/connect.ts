import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { inspectCluster, removeStalePidFile, stopOrphanedPostmaster } from './cluster-liveness.ts';
import { EMBEDDED_APP_ROLE, ensureLoginRole, ownsOrIsSuperuser } from './app-role.ts';
import {
  clusterUrl,
  readOrCreatePassword,
  readPassword,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

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

/**
 * Where the embedded cluster of a DATA_DIR keeps its data, its superuser's password (migrations),
 * the server's own role's password and the owner lock.
 */
export function embeddedPaths(dataDir: string) {
  return {
    dir: path.join(dataDir, 'pg'),
    passwordFile: path.join(dataDir, 'pg-password'),
    appPasswordFile: path.join(dataDir, 'pg-app-password'),
    ownerLockFile: path.join(dataDir, 'pg-owner.json'),
  };
}

/**
 * The embedded cluster's URL, started by us (with a stop) or found running (without one). What a
 * crash left behind is cleared by itself, so a supervisor's immediate restart works: the pid file
 * of a dead (or zombie) postmaster is removed, and a cluster whose server is gone is stopped
 * before ours starts. Only a cluster of a live server is refused (a CLI attaches to it instead).
 */
async function embeddedUrl(
  config: Pick<Config, 'dataDir' | 'embeddedPgPort'> & Partial<Pick<Config, 'port'>>,
  logger: Logger,
  options: ConnectOptions,
): Promise<{ url: string; stop?: () => Promise<void> }> {
  const { dir, passwordFile, ownerLockFile } = embeddedPaths(config.dataDir);
  const found = await inspectCluster(dir, ownerLockFile);
  if (found.state === 'running' && (options.attachToRunning || found.owner !== 'gone')) {
    if (!options.attachToRunning) {
      throw new Error(
        `The embedded PostgreSQL in ${dir} is already running (pid ${found.pid}, port ${found.port}). ` +
          `Is another server using DATA_DIR=${config.dataDir}? Stop it first.`,
      );
    }
    logger.info({ port: found.port }, 'using the embedded postgres that is already running');
    return { url: clusterUrl(found.port, await readPassword(passwordFile)) };
  }
  if (found.state === 'running') {
    logger.warn({ pid: found.pid }, 'stopping the embedded postgres of a server that is gone');
    await stopOrphanedPostmaster(found.pid, dir);
  }
  if (found.state !== 'stopped') {
    logger.warn({ pid: found.pid }, 'embedded postgres was not stopped cleanly: recovering');
    // a postmaster that died is not running, whatever its pid file (now or after SIGQUIT) says
    if ((await inspectCluster(dir, ownerLockFile)).state === 'stale') await removeStalePidFile(dir);
  }
  const cluster = await startEmbeddedPostgres({
    dir,
    passwordFile,
    ownerLockFile,
    port: config.embeddedPgPort,
    ...(config.port && { avoidPort: config.port }),
    logger,
  });
  return { url: cluster.url, stop: cluster.stop };
}

/** The same server's URL for another database (whether it is reached over TCP or a socket). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

/** The same URL signed in as another role. */
export function asRole(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.href;
}

const roleOf = (url: string) => decodeURIComponent(new URL(url).username);

/** The URLs the server migrates over (an owner) and works over; the embedded cluster's stop. */
interface Connections {
  ownerUrl: string;
  appUrl: string;
  stop?: () => Promise<void>;
}

/**
 * The embedded cluster's database, migrated by the cluster's superuser and used by the server as
 * EMBEDDED_APP_ROLE (see app-role.ts), whose password DATA_DIR keeps beside the superuser's.
 */
async function embeddedConnections(
  config: Pick<Config, 'dataDir' | 'embeddedPgPort'> & Partial<Pick<Config, 'port'>>,
  logger: Logger,
  options: ConnectOptions,
): Promise<Connections> {
  const embedded = await embeddedUrl(config, logger, options);
  try {
    await ensureDatabase(embedded.url, APP_DATABASE);
    const password = await readOrCreatePassword(embeddedPaths(config.dataDir).appPasswordFile);
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    try {
      await ensureLoginRole(admin, EMBEDDED_APP_ROLE, password);
    } finally {
      await admin.end();
    }
    const ownerUrl = withDatabase(embedded.url, APP_DATABASE);
    return { ownerUrl, appUrl: asRole(ownerUrl, EMBEDDED_APP_ROLE, password), stop: embedded.stop };
  } catch (err) {
    await embedded.stop?.();
    throw err;
  }
}

/**
 * Opens DATABASE_URL, or the embedded PostgreSQL in DATA_DIR/pg, and brings the schema up to date
 * over the owner's connection (DATABASE_MIGRATION_URL when set, else DATABASE_URL itself).
 */
export async function connect(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseMigrationUrl' | 'embeddedPgPort'> &
    Partial<Pick<Config, 'port'>>,
  logger: Logger,
  options: ConnectOptions = {},
): Promise<DatabaseConnection> {
  const mode: DatabaseMode = config.databaseUrl ? 'external' : 'embedded';
  const { ownerUrl, appUrl, stop } = config.databaseUrl
    ? { ownerUrl: config.databaseMigrationUrl ?? config.databaseUrl, appUrl: config.databaseUrl }
    : await embeddedConnections(config, logger, options);
  const pool = createPool(appUrl, logger);
  const close = async () => {
    await pool.end();
    await stop?.();
  };
  try {
    const owner = ownerUrl === appUrl ? pool : createPool(ownerUrl, logger);
    try {
      await runMigrations(owner, owner === pool ? undefined : roleOf(appUrl));
    } finally {
      if (owner !== pool) await owner.end();
    }
    const client = await pool.connect();
    try {
      if (await ownsOrIsSuperuser(client))
        logger.warn(
          'the server connects as a role that owns the tables or is a superuser: it could step round the ' +
            'append-only audit log and points ledger. Set DATABASE_MIGRATION_URL to the owner and DATABASE_URL ' +
            'to a role of its own (docs/scale-out.md: Database roles)',
        );
    } finally {
      client.release();
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { db: drizzle({ client: pool }), mode, close };
}
