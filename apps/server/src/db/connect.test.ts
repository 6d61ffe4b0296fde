import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { PasswordHasher } from '../security/password-hasher.ts';
import { EMBEDDED_APP_ROLE } from './app-role.ts';
import { connect, embeddedPaths, type DatabaseConnection } from './connect.ts';
import { pingDatabase } from './database.ts';
import { admins } from './core-schema.ts';
import { inspectCluster } from './cluster-liveness.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../cli/admin-create.ts', import.meta.url));
const logger = createLogger('silent');

let dataDir: string;
let first: DatabaseConnection | undefined;

beforeAll(async () => {
  // a 0700 folder, as mkdtemp makes it: the server must still get the postgres user in when root
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sfm-data-'));
});
afterAll(async () => {
  await first?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const config = () => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const clusterState = async () => {
  const { dir, ownerLockFile } = embeddedPaths(dataDir);
  return (await inspectCluster(dir, ownerLockFile)).state;
};
const adminCreate = (username: string, password: string) =>
  run(process.execPath, ['--import', 'tsx', cli, username], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
    },
  });

describe('embedded database lifecycle and admin:create', () => {
  it('initialises, starts and migrates the embedded PostgreSQL in DATA_DIR/pg', async () => {
    first = await connect(config(), logger);
    expect(first.mode).toBe('embedded');
    await pingDatabase(first.db);
    expect(await clusterState()).toBe('running');
  });

  it('works as a role of its own that cannot step round the append-only tables (the superuser migrates)', async () => {
    const { rows } = await first!.db.execute<{ role: string; superuser: boolean; owner: string }>(
      sql`select current_user as role, (select rolsuper from pg_roles where rolname = current_user) as superuser,
        (select tableowner from pg_tables where tablename = 'audit_log') as owner`,
    );
    expect(rows[0]).toEqual({ role: EMBEDDED_APP_ROLE, superuser: false, owner: 'postgres' });
    await expect(first!.db.execute(sql`delete from points_entries`)).rejects.toMatchObject({
      cause: { code: '42501' },
    });
  });

  it('refuses to start a second server on the same DATA_DIR', async () => {
    await expect(connect(config(), logger)).rejects.toThrow(/already running/);
  });

  it('admin:create attaches to the running cluster and leaves it running', async () => {
    const { stdout } = await adminCreate('alice', 'alice-pass-1');
    expect(stdout).toContain('admin "alice" created');
    const [admin] = await first!.db.select().from(admins).where(eq(admins.username, 'alice'));
    expect(await new PasswordHasher().verify(admin?.passwordHash, 'alice-pass-1')).toBe(true);
    await pingDatabase(first!.db);
  });

  it('admin:create refuses a short password', async () => {
    await expect(adminCreate('bob', 'short')).rejects.toMatchObject({ code: 1 });
  });

  it('stops the cluster on close; admin:create then starts and stops it itself', async () => {
    await first?.close();
    first = undefined;
    expect(await clusterState()).toBe('stopped');
    const { stdout } = await adminCreate('alice', 'alice-pass-2');
    expect(stdout).toContain('password of admin "alice" reset');
    expect(await clusterState()).toBe('stopped');
  });
});

describe('recovery after a crash', () => {
  const configUrl = new URL('../config.ts', import.meta.url).href;
  const connectUrl = new URL('./connect.ts', import.meta.url).href;
  const loggerUrl = new URL('../logger.ts', import.meta.url).href;

  /** A server-like process that starts the embedded cluster, then is killed alone (kill -9). */
  async function crashAfterConnecting(): Promise<void> {
    const script = `
      const { loadConfig } = await import(${JSON.stringify(configUrl)});
      const { connect } = await import(${JSON.stringify(connectUrl)});
      const { createLogger } = await import(${JSON.stringify(loggerUrl)});
      await connect(loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)} }), createLogger('silent'));
      console.log('connected');
      setInterval(() => undefined, 60_000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    expect(chunk.toString()).toContain('connected');
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  it('a server killed alone leaves its cluster running: the next start stops it and starts its own', async () => {
    await crashAfterConnecting();
    expect(await clusterState()).toBe('running');
    first = await connect(config(), logger);
    await pingDatabase(first.db);
    await first.close();
    first = undefined;
    expect(await clusterState()).toBe('stopped');
  }, 60_000);
});
