import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clusterUrl, freePort, socketDirFor } from './embedded-postgres.ts';

const moduleUrl = new URL('./embedded-postgres.ts', import.meta.url).href;

/** Loads the module in a child process (the hooks it removes are process-wide), then sets an exit code. */
function exitCodeAfterLoading(exitCode: number): Promise<{ code: number | null; stderr: string }> {
  const script = `const m = await import(${JSON.stringify(moduleUrl)}); await m.loadModule(); process.exitCode = ${exitCode};`;
  return new Promise((resolve) => {
    let stderr = '';
    const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('loading embedded-postgres', () => {
  it("keeps the process's own exit code: a failed test run does not end with 0", async () => {
    expect((await exitCodeAfterLoading(3)).code).toBe(3);
  });

  it('and a clean exit stays clean', async () => {
    const { code, stderr } = await exitCodeAfterLoading(0);
    expect(stderr).not.toMatch(/Error/);
    expect(code).toBe(0);
  });
});

describe('the cluster socket', () => {
  it('lives in the cluster folder when its path fits the kernel limit', () => {
    expect(socketDirFor('/tmp/sfm-data/pg', 54321)).toBe('/tmp/sfm-data/pg');
    expect(socketDirFor(`/tmp/${'d'.repeat(90)}/pg`, 54321)).toBeUndefined();
  });

  it('is left out for a folder the setting cannot name (its list is comma-separated)', () => {
    expect(socketDirFor('/tmp/a,b/pg', 54321)).toBeUndefined();
    expect(socketDirFor('/tmp/a b/pg', 54321)).toBeUndefined();
  });

  it('is what the URL connects through, with TCP as the fallback', () => {
    const viaSocket = new URL(clusterUrl(54321, 'p@ss', '/tmp/sfm-data/pg'));
    expect(viaSocket.searchParams.get('host')).toBe('/tmp/sfm-data/pg');
    expect(decodeURIComponent(viaSocket.password)).toBe('p@ss');
    expect(clusterUrl(54321, 'pw')).toBe('postgres://postgres:pw@127.0.0.1:54321/postgres');
  });
});

describe('the cluster port', () => {
  it('is never the HTTP server’s own port, free a moment before the server binds it', async () => {
    const offered = [3000, 3000, 41234];
    const pick = async () => offered.shift() ?? 0;
    expect(await freePort(3000, pick)).toBe(41234);
    // a real one, asked of the system
    expect(await freePort(3000)).toBeGreaterThan(0);
  });
});
