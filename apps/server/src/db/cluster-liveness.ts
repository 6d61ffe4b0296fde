/**
 * Whether the embedded cluster in a data directory is really running, and whether the server that
 * started it is still alive. postmaster.pid and kill(pid, 0) alone are not enough: kill(pid, 0)
 * succeeds for a zombie (a postmaster killed with its server, and not yet reaped — in a container
 * whose PID 1 does not reap, never) and for an unrelated process that was given the same pid after
 * a restart. Both would make a supervisor's quick restart fail. So on Linux the process's state and
 * command line are read from /proc, and the owning server is named in a lock file of our own (pid
 * and start time: a reused pid has another start time).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A process as /proc shows it; null when it does not exist (or is a zombie: it runs nothing). */
interface LiveProcess {
  /** Clock ticks after boot at which it started: with the pid, names one process for good. */
  startTicks: string;
  /** Its arguments, or null where they cannot be read. */
  argv: string[] | null;
}

const hasProc = async () =>
  readFile('/proc/self/stat', 'utf8').then(
    () => true,
    () => false,
  );

/** kill(pid, 0): true for a zombie too, so only where /proc is missing (macOS). */
function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive but owned by another user (the postgres user when we run as root)
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function liveProcess(pid: number): Promise<LiveProcess | null> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so fields count from the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state = 'X'] = fields;
  if (state === 'Z' || state === 'X') return null;
  const argv = await readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (text) => text.split('\0').filter(Boolean),
    () => null,
  );
  return { startTicks: fields[19] ?? '', argv };
}

/** Whether pid is a running postgres serving `dir` (its `-D` argument). */
async function isPostmasterOf(pid: number, dir: string): Promise<boolean> {
  if (!(await hasProc())) return signalable(pid);
  const proc = await liveProcess(pid);
  if (!proc) return false;
  if (!proc.argv) return true; // alive, arguments unreadable: assume it is what postmaster.pid says
  const [command = '', ...args] = proc.argv;
  const dataDir = args[args.indexOf('-D') + 1];
  return (
    path.basename(command).startsWith('postgres') &&
    dataDir !== undefined &&
    path.resolve(dataDir) === path.resolve(dir)
  );
}

interface OwnerLock {
  pid: number;
  startTicks: string;
}

/** Records this process as the owner of the cluster it has just started. */
export async function writeOwnerLock(file: string): Promise<void> {
  const self = await liveProcess(process.pid);
  const lock: OwnerLock = { pid: process.pid, startTicks: self?.startTicks ?? '' };
  await writeFile(file, JSON.stringify(lock) + '\n', { mode: 0o600 });
}

export async function removeOwnerLock(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** Whether the process named by the lock file still runs: unknown without a lock (an older server). */
async function ownerState(file: string): Promise<'alive' | 'gone' | 'unknown'> {
  let lock: OwnerLock;
  try {
    lock = JSON.parse(await readFile(file, 'utf8')) as OwnerLock;
  } catch {
    return 'unknown';
  }
  if (!Number.isInteger(lock.pid)) return 'unknown';
  if (!(await hasProc())) return signalable(lock.pid) ? 'alive' : 'gone';
  const proc = await liveProcess(lock.pid);
  return proc && proc.startTicks === lock.startTicks ? 'alive' : 'gone';
}

export type ClusterState =
  /** No postmaster.pid: the cluster is stopped (cleanly). */
  | { state: 'stopped' }
  /** postmaster.pid names no running postmaster of this directory (a crash): safe to remove. */
  | { state: 'stale'; pid: number }
  /** Running; `owner` says whether the server that started it is alive ('unknown': no lock). */
  | { state: 'running'; pid: number; port: number; owner: 'alive' | 'gone' | 'unknown' };

/** What runs in the cluster directory `dir`, from its postmaster.pid, /proc and our owner lock. */
export async function inspectCluster(dir: string, ownerLockFile: string): Promise<ClusterState> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return { state: 'stopped' };
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  // a half-written file (the postmaster is starting, or died while writing it)
  if (!Number.isInteger(pid) || pid <= 0) return { state: 'stale', pid: 0 };
  if (!(await isPostmasterOf(pid, dir))) return { state: 'stale', pid };
  return { state: 'running', pid, port, owner: await ownerState(ownerLockFile) };
}

/** Removes the lock file a dead postmaster left, which would make PostgreSQL refuse to start. */
export async function removeStalePidFile(dir: string): Promise<void> {
  await rm(path.join(dir, 'postmaster.pid'), { force: true });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stops a postmaster whose server is gone (killed alone, its cluster left running): a fast
 * shutdown (SIGINT: sessions cut, no data lost), then an immediate one (SIGQUIT) if it lingers.
 * Resolves once it has exited (a zombie counts: it holds nothing).
 */
export async function stopOrphanedPostmaster(pid: number, dir: string, timeoutMs = 15_000): Promise<void> {
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(pid, signal);
    } catch {
      // it exited meanwhile
    }
  };
  let deadline = Date.now() + timeoutMs;
  let signal: NodeJS.Signals = 'SIGINT';
  send(signal);
  while (await isPostmasterOf(pid, dir)) {
    if (Date.now() > deadline) {
      if (signal === 'SIGQUIT') throw new Error(`the orphaned PostgreSQL (pid ${pid}) does not stop`);
      signal = 'SIGQUIT';
      send(signal);
      deadline = Date.now() + timeoutMs;
    }
    await sleep(100);
  }
}
