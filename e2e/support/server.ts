import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  /** Every line the server printed so far (pino JSON lines). */
  logs: string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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
   */
  options: { lowPriority?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = keepDataDir ?? mkdtempSync(join(tmpdir(), 'sfm-e2e-'));
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
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
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
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The embedded SMS sender writes each code to the server log (phone masked to its last four digits). */
export async function waitForSmsCode(
  server: RunningServer,
  phone: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of server.logs) {
      if (!line.includes('sms code issued') || !line.includes(phone.slice(-4))) continue;
      const { code } = JSON.parse(line) as { code?: string };
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code logged for ${phone.slice(-4)}`);
}
