import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectCluster, writeOwnerLock } from './cluster-liveness.ts';

let root: string;
let dir: string;
let lockFile: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sfm-liveness-'));
  dir = path.join(root, 'pg');
  lockFile = path.join(root, 'pg-owner.json');
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** postmaster.pid as PostgreSQL writes it: pid, data dir, start time, port, … */
const writePidFile = async (pid: number, port = 5999) => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n1700000000\n${port}\n\n127.0.0.1\n`);
};

/**
 * A zombie: `sh` starts a short child, prints its pid and turns itself (exec) into a `sleep` that never
 * reaps it. kill(pid, 0) still succeeds for it, as for a postmaster killed with its server.
 */
async function withZombie(use: (pid: number) => Promise<void>): Promise<void> {
  const holder = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const [chunk] = (await once(holder.stdout, 'data')) as [Buffer];
    const pid = Number(chunk.toString().trim());
    await expect.poll(() => readFile(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
    process.kill(pid, 0); // what the old check trusted
    await use(pid);
  } finally {
    holder.kill('SIGKILL');
  }
}

describe('is the embedded cluster really running?', () => {
  it('no pid file: stopped', async () => {
    await rm(dir, { recursive: true, force: true });
    expect(await inspectCluster(dir, lockFile)).toEqual({ state: 'stopped' });
  });

  it('a pid file naming a zombie (kill -9 of the server and its postgres, not yet reaped): stale', async () => {
    await withZombie(async (pid) => {
      await writePidFile(pid);
      expect(await inspectCluster(dir, lockFile)).toEqual({ state: 'stale', pid });
    });
  });

  it('a pid file naming a live process that is not our postgres (the pid was reused): stale', async () => {
    await writePidFile(process.pid);
    expect(await inspectCluster(dir, lockFile)).toEqual({ state: 'stale', pid: process.pid });
  });

  it('a pid file naming no process: stale', async () => {
    const gone = spawn('true');
    await once(gone, 'exit');
    await writePidFile(gone.pid ?? 0);
    expect((await inspectCluster(dir, lockFile)).state).toBe('stale');
  });
});

describe('is the server that started it alive?', () => {
  /** A process that looks like a postmaster of `dir` (its name and -D argument), to be inspected. */
  async function withFakePostmaster(use: (pid: number) => Promise<void>): Promise<void> {
    // `; :` keeps the inner bash from exec'ing sleep: the process keeps the name and arguments
    const fake = spawn('bash', ['-c', 'exec -a postgres bash -c "sleep 30; :" postgres -D "$0"', dir], {
      stdio: 'ignore',
    });
    try {
      await once(fake, 'spawn');
      const pid = fake.pid ?? 0;
      // until bash has exec'd, the process is still bash
      await expect.poll(() => readFile(`/proc/${pid}/cmdline`, 'utf8')).toMatch(/^postgres\0/);
      await use(pid);
    } finally {
      fake.kill('SIGKILL');
    }
  }

  it('alive when our lock names this very process', async () => {
    await withFakePostmaster(async (pid) => {
      await writePidFile(pid, 6001);
      await writeOwnerLock(lockFile);
      expect(await inspectCluster(dir, lockFile)).toEqual({
        state: 'running',
        pid,
        port: 6001,
        owner: 'alive',
      });
    });
  });

  it('gone when the pid in the lock now belongs to a process started later (a reused pid)', async () => {
    await withFakePostmaster(async (pid) => {
      await writePidFile(pid);
      await writeFile(lockFile, JSON.stringify({ pid: process.pid, startTicks: '1' }));
      expect(await inspectCluster(dir, lockFile)).toMatchObject({ state: 'running', owner: 'gone' });
    });
  });

  it('unknown without a lock (a server of an older version): not taken for an orphan', async () => {
    await withFakePostmaster(async (pid) => {
      await writePidFile(pid);
      await rm(lockFile, { force: true });
      expect(await inspectCluster(dir, lockFile)).toMatchObject({ state: 'running', owner: 'unknown' });
    });
  });
});
