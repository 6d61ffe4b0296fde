/**
 * How long a user waits for the product to come up (live: the port answers; ready: the engines are
 * warm), whether the first spoken text and the first analysis after a start are as fast as the
 * tenth, and the account calls behind the login screen. Prints numbers; it is not a pass/fail
 * test. Run: `npm run bench -w @sfm/bench`.
 */
import { endpoints, SPEECH_SYNTHESIS_NAMESPACE } from '@sfm/protocol';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { openSocket } from '../apps/server/test/harness/socket-clients.ts';
import { makeTextImage } from '../e2e/support/camera.ts';
import { startServer, waitUntilReady, type RunningServer } from '../e2e/support/server.ts';
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

const env = {
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  TTS_RATE_LIMIT_PER_MINUTE: '100000',
  VISION_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
};

/** Spawn to live (GET /api/health) and to ready (GET /api/health/ready), in ms. */
async function start(dataDir: string): Promise<{ server: RunningServer; liveMs: number; readyMs: number }> {
  const t0 = performance.now();
  const server = await startServer(env, dataDir);
  const liveMs = performance.now() - t0;
  await waitUntilReady(server);
  return { server, liveMs, readyMs: performance.now() - t0 };
}

const DEVICE = 'bench-start-device';

const speechSocket = (url: string) =>
  openSocket(url + SPEECH_SYNTHESIS_NAMESPACE, { deviceId: DEVICE, userType: 'temporary' });

/** From synthesizeText to the first audio chunk: when the user starts hearing it. */
async function firstAudioMs(socket: Socket, text: string): Promise<number> {
  const heard = new Promise((resolve) => socket.once('audioGenerated', resolve));
  const t0 = performance.now();
  socket.emit('synthesizeText', { text });
  await heard;
  const elapsed = performance.now() - t0;
  socket.emit('stopSynthesis');
  return elapsed;
}

/** One analysis of `image` (base64), answer included. */
async function analysisMs(url: string, image: string): Promise<number> {
  const [status, elapsed] = await timed(() =>
    fetch(url + endpoints.visionAnalyze.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', deviceid: DEVICE },
      body: JSON.stringify({ image, scenario: 'observe' }),
    }).then(async (res) => (await res.arrayBuffer(), res.status)),
  );
  if (status !== 200) throw new Error(`analysis answered ${status}`);
  return elapsed;
}

const FIRST_AND_TENTH = 10;
const firstVsTenth = (label: string, xs: number[]) =>
  `${label}: 1st ${ms(xs[0] ?? NaN)}, 10th ${ms(xs[FIRST_AND_TENTH - 1] ?? NaN)} (median ${ms(median(xs))})`;

const dataDir = mkdtempSync(join(tmpdir(), 'sfm-bench-'));
try {
  const cold = await start(dataDir);
  await cold.server.stop();
  const { server, liveMs, readyMs } = await start(dataDir);
  console.log(
    `server start: cold (initdb) live ${ms(cold.liveMs)}, ready ${ms(cold.readyMs)}; ` +
      `warm live ${ms(liveMs)}, ready ${ms(readyMs)}`,
  );

  // right after ready, as the first user after `npm start` meets it
  const socket = await speechSocket(server.url);
  const speech: number[] = [];
  for (let i = 0; i < FIRST_AND_TENTH; i++) {
    speech.push(await firstAudioMs(socket, `第${i + 1}句：前方五米有台阶，请小心慢行。`));
  }
  socket.close();
  const photo = readFileSync(await makeTextImage(['前方施工 请绕行', 'EXIT 出口'])).toString('base64');
  const vision: number[] = [];
  for (let i = 0; i < FIRST_AND_TENTH; i++) vision.push(await analysisMs(server.url, photo));
  console.log(firstVsTenth('speech, synthesizeText to first audio', speech));
  console.log(firstVsTenth('analysis (embedded, observe), request to answer', vision));

  const rounds = 9;
  const register: number[] = [];
  const login: number[] = [];
  const refresh: number[] = [];
  const verify: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const phone = uniquePhone();
    const password = 'bench-password-1';
    const [session, r] = await timed(() => registerViaApi(server, { phone, password }));
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
