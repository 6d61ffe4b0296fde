/**
 * How long a user waits for the product to come up, and for the account calls behind the login
 * screen. Prints numbers; it is not a pass/fail test. Run: `npm run bench -w @sfm/bench`.
 */
import { endpoints } from '@sfm/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../e2e/support/server.ts';
import { registerViaApi, uniquePhone } from '../e2e/support/session.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

async function post(url: string, body: unknown): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

const dataDir = mkdtempSync(join(tmpdir(), 'sfm-bench-'));
const env = { LOGIN_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' };
try {
  const [cold, coldMs] = await timed(() => startServer(env, dataDir));
  await cold.stop();
  const [server, warmMs] = await timed(() => startServer(env, dataDir));
  console.log(`server start to ready: cold (initdb) ${ms(coldMs)}, warm ${ms(warmMs)}`);

  const rounds = 9;
  const register: number[] = [];
  const login: number[] = [];
  const refresh: number[] = [];
  const verify: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const phone = uniquePhone();
    const password = 'bench-password-1';
    const [session, r] = await timed(() => registerViaApi(server.url, { phone, password }));
    register.push(r);
    login.push((await timed(() => post(server.url + endpoints.login.path, { phone, password })))[1]);
    verify.push(
      (await timed(() => post(server.url + endpoints.verifyToken.path, { token: session.token })))[1],
    );
    refresh.push(
      (
        await timed(() =>
          post(server.url + endpoints.refreshToken.path, { refreshToken: session.refreshToken }),
        )
      )[1],
    );
  }
  console.log(
    `median of ${rounds}: register ${ms(median(register))}, login ${ms(median(login))}, ` +
      `verify-token ${ms(median(verify))}, refresh-token ${ms(median(refresh))}`,
  );
  await server.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
