import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTool } from './required-tool.ts';
import { freePort } from './server.ts';

const TURNSERVER = '/usr/bin/turnserver';
const noCoturn = 'coturn is not installed (apt-get install -y coturn)';
/** False (the relay suite skips) without coturn; in CI its absence throws and fails the run. */
export const hasCoturn = requireTool(existsSync(TURNSERVER), noCoturn);
export const noCoturnReason = `skipped: ${noCoturn}`;

export interface RunningTurn {
  /** The TURN URL to give the server's ICE_SERVERS. */
  url: string;
  port: number;
  /** coturn's static-auth-secret, to give the server's TURN_SECRET. */
  secret: string;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/**
 * A coturn on loopback as docs/calls.md runs it for users behind NAT: `use-auth-secret` (TURN REST
 * credentials), relaying on 127.0.0.1, loopback peers allowed (the two browsers are on this machine).
 * `again`: a new process on the port and secret of one stopped (the relay came back, its allocations lost).
 */
export async function startCoturn(again?: { port: number; secret: string }): Promise<RunningTurn> {
  const port = again?.port ?? (await freePort());
  const secret = again?.secret ?? randomBytes(24).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'sfm-turn-'));
  const child = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--min-port=40000',
      '--max-port=40999',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=seeforme.test',
      '--fingerprint',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--no-multicast-peers',
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      `--userdb=${join(dir, 'turndb')}`,
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const logs: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`coturn did not start:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    port,
    secret,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
