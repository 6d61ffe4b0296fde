import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
