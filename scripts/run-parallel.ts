import { spawn } from 'node:child_process';

/**
 * Runs npm scripts side by side and fails when any fails: `npm test`'s checks (lint, typecheck,
 * build) are each one Node thread, so on two cores they finish in the time of the longest instead
 * of the sum. Each script's output is printed whole when it ends, so their lines never interleave.
 */
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: run-parallel <npm script> [<npm script> …]');
  process.exit(2);
}

function run(name: string): Promise<boolean> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((done) => {
    child.once('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n── ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      done(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
