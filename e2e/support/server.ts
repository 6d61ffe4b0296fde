import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findSuspectLines } from '../../apps/server/test/hostile/log-scan.ts';
import { seedDataDir } from './data-template.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  /** Every line the server printed so far (pino JSON lines). */
  logs: string[];
  /** The server process (its embedded PostgreSQL is its child). */
  pid: number;
  /** The process's exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real product exactly as `npm start` serves it (the built web app + API + embedded
 * PostgreSQL) in a throw-away data folder. Login rate limits are raised because a browser suite
 * registers many accounts from one address; everything else is the default.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Keep the data here (and leave it after stop) instead of a throw-away folder. */
  keepDataDir?: string,
  /**
   * lowPriority: the server (and every thread it starts) yields the CPU to anything else, for a
   * bench that measures the browser on the same machine, where a phone would not share it.
   * processGroup: the server leads its own process group (its PostgreSQL and workers in it), for
   * a test that kills them all at once as a crash would.
   */
  options: { lowPriority?: boolean; processGroup?: boolean } = {},
): Promise<RunningServer> {
  // a suite may pick the port itself, when something must know the URL first (an OIDC redirect URI)
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = keepDataDir ?? mkdtempSync(join(tmpdir(), 'sfm-e2e-'));
  // an external database needs no embedded cluster
  if (!env.DATABASE_URL) seedDataDir(dataDir);
  const command = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  const [file = '', ...args] = options.lowPriority ? ['nice', '-n', '19', ...command] : command;
  const child: ChildProcess = spawn(file, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // every browser of a run comes from 127.0.0.1, each context a new logged-out device
      DEVICES_PER_ADDRESS_PER_DAY: '100000',
      DEVICES_PER_NETWORK_PER_DAY: '100000',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.processGroup ?? false,
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;

  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`server not ready in 90 s:\n${logs.join('\n')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    logs,
    pid: child.pid ?? 0,
    exited,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
      // the final check of every browser suite: its server logged no token, phone, photo or password
      const leaks = findSuspectLines(logs);
      if (leaks.length > 0) throw new Error(`the server logged secrets:\n${JSON.stringify(leaks, null, 2)}`);
    },
  };
}

/** What reading a code off a server needs: its address and its log. */
export type SmsServer = Pick<RunningServer, 'url' | 'logs'>;

/**
 * The embedded SMS sender writes each code to the server log (phone masked to its last four
 * digits). `since`: the log's length before the code was asked for, so an older code for another
 * phone ending in the same four digits is never taken.
 */
export async function waitForSmsCode(
  server: SmsServer,
  phone: string,
  { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of server.logs.slice(since)) {
      if (!line.includes('sms code issued') || !line.includes(phone.slice(-4))) continue;
      const { code } = JSON.parse(line) as { code?: string };
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code logged for ${phone.slice(-4)}`);
}

/**
 * Polls readiness (GET /api/health/ready) until it answers 200; returns every refusal's catalogue
 * error name on the way (a server that is live but still warming its engines says so).
 */
export async function waitUntilReady(server: RunningServer, timeoutMs = 90_000): Promise<string[]> {
  const refusals: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${server.url}/api/health/ready`);
    const body = (await res.json()) as { data: { error?: string } | null };
    if (res.status === 200) return refusals;
    refusals.push(`${res.status} ${body.data?.error ?? ''}`);
    if (Date.now() > deadline)
      throw new Error(`server not ready in ${timeoutMs} ms:\n${server.logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
