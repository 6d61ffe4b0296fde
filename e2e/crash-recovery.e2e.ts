/**
 * kill -9 of the server and its embedded PostgreSQL (the whole process group, as a power cut or an
 * OOM kill would) in the middle of writes: no write the server acknowledged is lost, the points
 * ledger still adds up, and the server starts again on the same data directory at once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope, type Endpoint } from '@sfm/protocol';
import { CALLS_NAMESPACE, CallHistory } from '@sfm/protocol/calls';
import { endpoints } from '@sfm/protocol/gathered';
import { MarketScene, marketEndpoints } from '@sfm/protocol/market';
import { DEFAULT_POINTS_RULES, PaymentOrder, PointsDetails, PointsLogsPage } from '@sfm/protocol/points';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nextEvent, openSocket } from '../apps/server/test/harness/socket-clients.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, uniquePhone } from './support/session.ts';

const PASSWORD = 'crash-test-password-1';
const [RECHARGE] = DEFAULT_POINTS_RULES.rechargePackages;
/** Acknowledged recharges to reach before the kill: enough that the kill lands among writes. */
const RECHARGES_BEFORE_KILL = 12;
const WRITERS = 4;

/** Calls an endpoint with a user's token; the data of a 200, else throws (not acknowledged). */
async function callAs<E extends Endpoint>(
  server: RunningServer,
  endpoint: E,
  token: string,
  input?: Record<string, unknown>,
): Promise<z.infer<E['data']>> {
  const query =
    endpoint.method === 'GET' && input ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
  const res = await fetch(server.url + endpoint.path + query, {
    method: endpoint.method,
    headers: { token, ...(endpoint.method !== 'GET' && { 'content-type': 'application/json' }) },
    ...(endpoint.method !== 'GET' && { body: JSON.stringify(input ?? {}) }),
  });
  const body: unknown = await res.json();
  if (res.status !== 200) throw new Error(`${endpoint.path}: ${res.status} ${JSON.stringify(body)}`);
  return envelope(endpoint.data).parse(body).data as z.infer<E['data']>;
}

interface Acknowledged {
  accounts: { phone: string }[];
  recharges: { phone: string; orderId: string }[];
  scenes: { phone: string; id: string; name: string }[];
  calls: { phone: string; callId: string }[];
}

/** Asks for a volunteer on /calls: acknowledged once the call rings (its record exists). */
async function requestCall(server: RunningServer, token: string): Promise<string> {
  const socket = await openSocket(server.url + CALLS_NAMESPACE, { token });
  try {
    const ringing = nextEvent<{ callId: string }>(socket, 'callRinging', () => true, 10_000);
    socket.emit('requestCall', { language: 'zh' });
    return (await ringing).callId;
  } finally {
    socket.disconnect();
  }
}

/**
 * One client writing until told to stop: registers an account, makes a market scene, asks for a
 * volunteer (a call record), then recharges it twice through the sandbox gateway. A write counts as acknowledged only once its 200
 * answer has arrived.
 */
async function writer(server: RunningServer, acked: Acknowledged, stopped: () => boolean): Promise<void> {
  while (!stopped()) {
    try {
      const phone = uniquePhone();
      const { token } = await registerViaApi(server, { phone, password: PASSWORD });
      acked.accounts.push({ phone });
      const name = `场景${phone.slice(-4)}`;
      const scene = await callAs(server, marketEndpoints.createScene, token, {
        name,
        description: '',
        prompt: '前面有什么？',
        behaviour: 'tap',
        intervalSeconds: null,
        category: 'other',
        icon: 'eye',
        visibility: 'private',
        submit: false,
      });
      acked.scenes.push({ phone, id: scene.id, name });
      acked.calls.push({ phone, callId: await requestCall(server, token) });
      for (let i = 0; i < 2; i++) {
        const order = await callAs(server, endpoints.pointsCreateOrder, token, {
          kind: 'recharge',
          itemId: RECHARGE?.id,
        });
        const paid = await callAs(server, endpoints.sandboxCheckout, token, {
          orderId: order.id,
          action: 'pay',
        });
        if (paid.status === 'paid') acked.recharges.push({ phone, orderId: order.id });
      }
    } catch {
      // cut off by the kill: this write was not acknowledged
    }
  }
}

async function login(server: RunningServer, phone: string): Promise<string> {
  const res = await fetch(server.url + endpoints.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: PASSWORD }),
  });
  expect(res.status, `login of an acknowledged account ${phone.slice(-4)}`).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Every ledger entry of the user (newest first). */
async function ledger(server: RunningServer, token: string): Promise<PointsLogsPage['logs']> {
  const logs: PointsLogsPage['logs'] = [];
  for (let page = 1; ; page++) {
    const data = PointsLogsPage.parse(
      await callAs(server, endpoints.pointsLogs, token, { page: String(page), pageSize: '100' }),
    );
    logs.push(...data.logs);
    if (page >= data.pagination.totalPages) return logs;
  }
}

describe('kill -9 in the middle of writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sfm-crash-'));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged write, and the server restarts on the same data at once', async () => {
    const first = await startServer({}, dataDir, { processGroup: true });
    server = first;
    const acked: Acknowledged = { accounts: [], recharges: [], scenes: [], calls: [] };
    let killed = false;
    const writers = Array.from({ length: WRITERS }, () => writer(first, acked, () => killed));
    await expect
      .poll(() => acked.recharges.length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(RECHARGES_BEFORE_KILL);
    // the server and its PostgreSQL at once, writes in flight
    process.kill(-first.pid, 'SIGKILL');
    killed = true;
    expect(await first.exited).toBeNull();
    await Promise.all(writers);
    // the dead postmaster's pid now names another live process (as after a reboot, or on a busy
    // machine): a check that trusts kill(pid, 0) takes the cluster for running and refuses to start
    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    const [, ...rest] = readFileSync(pidFile, 'utf8').split('\n');
    writeFileSync(pidFile, [String(process.pid), ...rest].join('\n'));

    const restartedAt = Date.now();
    server = await startServer({}, dataDir, { processGroup: true });
    const restartMs = Date.now() - restartedAt;
    expect(server.logs.join('\n')).not.toMatch(/already running/);

    const tokens = new Map<string, string>();
    for (const { phone } of acked.accounts) tokens.set(phone, await login(server, phone));
    for (const { phone, orderId } of acked.recharges) {
      const order = PaymentOrder.parse(
        await callAs(server, endpoints.pointsOrder, tokens.get(phone) ?? '', { orderId }),
      );
      expect(order.status, `acknowledged recharge ${orderId}`).toBe('paid');
    }
    for (const { phone, id, name } of acked.scenes) {
      const scene = MarketScene.parse(
        await callAs(server, marketEndpoints.marketScene, tokens.get(phone) ?? '', { id }),
      );
      expect(scene.name, `acknowledged scene ${id}`).toBe(name);
    }
    for (const { phone, callId } of acked.calls) {
      const history = CallHistory.parse(await callAs(server, endpoints.callHistory, tokens.get(phone) ?? ''));
      expect(
        history.calls.map((c) => c.id),
        `acknowledged call ${callId}`,
      ).toContain(callId);
    }
    // every account's ledger adds up to its balance, and records each acknowledged recharge
    for (const [phone, token] of tokens) {
      const details = PointsDetails.parse(await callAs(server, endpoints.pointsDetails, token));
      const entries = await ledger(server, token);
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(details.totalPoints);
      expect(entries[0]?.after ?? 0).toBe(details.totalPoints);
      const recharges = entries.filter((e) => e.type === 'recharge').length;
      expect(recharges).toBeGreaterThanOrEqual(acked.recharges.filter((r) => r.phone === phone).length);
    }
    console.log(
      `crash test: ${acked.accounts.length} accounts, ${acked.scenes.length} scenes, ` +
        `${acked.calls.length} calls and ` +
        `${acked.recharges.length} recharges acknowledged ` +
        `before kill -9, all found; restart to live in ${restartMs} ms`,
    );
    // ≈ 25 s alone; two server starts on a busy two-core machine take longer
  }, 90_000);
});
