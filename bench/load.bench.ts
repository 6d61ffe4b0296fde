/**
 * The whole server under mixed load on one node (2 cores), over loopback: logins, token
 * refreshes, analyses and chat streams (the cloud engines replaced by a local fake with a fixed
 * 800 ms latency, so the server is measured and not the model), points spent by both, speech
 * synthesis sockets and call signalling, bounded in time (LOAD_SECONDS) and count. Targets: 200
 * speech sockets and 20 analyses/s with p95 server overhead ≤ 50 ms (the server's own response
 * time, from its log, − 800 ms; what the bench client saw is printed beside it) and no errors;
 * 1,000 signalling sockets; the server's event-loop delay p99 ≤ 50 ms. Prints the numbers and
 * writes bench/out/load.html (latency over time). Run: `npm run bench:load`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { endpoints } from '@sfm/protocol';
import { pointsEndpoints } from '@sfm/protocol/points';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { openSocket } from '../apps/server/test/harness/socket-clients.ts';
import { startServer } from '../e2e/support/server.ts';
import { registerViaApi } from '../e2e/support/session.ts';
import {
  analyse,
  api,
  callsUrl,
  chat,
  nextEvent,
  SessionUser,
  speak,
  speechUrl,
  userHeaders,
  Volunteers,
} from './load/drivers.ts';
import { startFakeEngineProcess } from './load/fake-engine-process.ts';
import { latencyReport, type LoopSecond } from './load/latency-chart.ts';
import { percentile, Recorder, type KindSummary } from './load/recorder.ts';
import { seedUsers } from './load/seed-users.ts';
import { serverTimes } from './load/server-timings.ts';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/**
 * The share of the target load to drive (speech sockets and every rate; the signalling sockets
 * stay): a slower machine finds where its own knee is. The targets are for 1.
 */
const LOAD_SCALE = Number(process.env.LOAD_SCALE ?? 1);
const FAKE_ENGINE_MS = 800;
const SPEECH_SOCKETS = Math.round(200 * LOAD_SCALE);
/** Each speech socket speaks a short clause this often: 20 texts/s across 200 sockets. */
const SPEECH_EVERY_MS = 10_000;
const VOLUNTEERS = 1000;
const SEEKERS = 20;
const PAYERS = 40;
const SESSION_USERS = 10;
/** Actions per second of each kind, started on a fixed schedule whatever the answers' pace. */
const RATES = Object.fromEntries(
  Object.entries({ analysis: 20, chat: 2, login: 1, refresh: 1, points: 2, call: 0.5 }).map(
    ([kind, rate]) => [kind, rate * LOAD_SCALE],
  ),
) as Record<'analysis' | 'chat' | 'login' | 'refresh' | 'points' | 'call', number>;
const TARGET_MS = 50;

const outDir = path.join(import.meta.dirname, 'out');
// the data folder itself (not a parent of it), as the server fixes up only its own DATA_DIR's access
const dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-bench-load-'));
const loopFile = path.join(dataDir, 'loop-delay.jsonl');
const probe = path.join(import.meta.dirname, 'load/loop-delay-probe.js');

/**
 * A photo as the app uploads it (the `standard` preset: at most 1120 px, JPEG 0.8, ≈ 200 KB), with
 * detail in it (a flat colour would compress to nothing).
 */
async function photo(): Promise<string> {
  const noise = await sharp({
    create: {
      width: 256,
      height: 192,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return (await sharp(noise).resize(1120, 840).jpeg({ quality: 80 }).toBuffer()).toString('base64');
}

/** Calls `action` `perSecond` times a second for the load's length; resolves when all have settled. */
async function every(perSecond: number, action: (i: number) => Promise<void>): Promise<void> {
  const count = Math.round(LOAD_SECONDS * perSecond);
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(action(i));
  }
  await Promise.all(running);
}

/** Points spent since `before`, once two readings a few seconds apart agree. */
async function settledSpend(before: number, balances: () => Promise<number[]>): Promise<number> {
  const deadline = Date.now() + 60_000;
  let last = NaN;
  while (Date.now() < deadline) {
    const now = await balances().then(
      (all) => all.reduce((a, b) => a + b, 0),
      () => NaN,
    );
    if (now === last) return before - now;
    last = now;
    await new Promise((r) => setTimeout(r, 3000));
  }
  return NaN;
}

const fake = await startFakeEngineProcess('前方是人行横道，信号灯是绿色。', FAKE_ENGINE_MS);
// the bench's own event loop: every latency it measures includes this delay too
const benchLoop = monitorEventLoopDelay({ resolution: 10 });
const unlimited = '1000000';
const server = await startServer(
  {
    // info: the server logs each request's own response time (server-timings.ts)
    LOG_LEVEL: 'info',
    VISION_ENGINE: 'openai-compatible',
    OPENAI_BASE_URL: fake.baseUrl,
    VISION_MODEL: 'fake-vision',
    CHAT_ENGINE: 'openai-compatible',
    CHAT_MODEL: 'fake-chat',
    ASR_ENGINE: 'none',
    TTS_ENGINE: 'embedded',
    DASHSCOPE_API_KEY: '',
    // one bench, few identities: the per-identity limits are what a real user meets, not this
    LOGIN_RATE_LIMIT_PER_MINUTE: unlimited,
    VISION_RATE_LIMIT_PER_MINUTE: unlimited,
    CHAT_RATE_LIMIT_PER_MINUTE: unlimited,
    TTS_RATE_LIMIT_PER_MINUTE: unlimited,
    CALL_RATE_LIMIT_PER_MINUTE: unlimited,
    LOOP_DELAY_FILE: loopFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
  },
  dataDir,
);
const sockets: Socket[] = [];
try {
  const base = server.url;
  const image = await photo();
  const [volunteerTokens, seekerTokens, payerTokens] = [
    await seedUsers(dataDir, VOLUNTEERS, '136'),
    await seedUsers(dataDir, SEEKERS, '138'),
    await seedUsers(dataDir, PAYERS, '137'),
  ];
  const sessionUsers: SessionUser[] = [];
  for (let i = 0; i < SESSION_USERS; i++) {
    const phone = `139${String(i).padStart(8, '0')}`;
    const { refreshToken } = await registerViaApi(server, { phone, password: 'password123' });
    sessionUsers.push(new SessionUser(base, phone, 'password123', refreshToken));
  }
  const balances = async () =>
    Promise.all(
      payerTokens.map(async (token) => {
        const res = await api(base, pointsEndpoints.pointsDetails, undefined, userHeaders(token));
        if (!res.ok) throw new Error(`points: ${res.why}`);
        return (res.data as { totalPoints: number }).totalPoints;
      }),
    );

  let t0 = performance.now();
  const speakers: Socket[] = [];
  for (let i = 0; i < SPEECH_SOCKETS; i += 50) {
    const batch = Array.from({ length: Math.min(50, SPEECH_SOCKETS - i) }, (_, j) =>
      openSocket(speechUrl(base), { deviceId: `load-device-${i + j}`, userType: 'temporary' }),
    );
    speakers.push(...(await Promise.all(batch)));
  }
  sockets.push(...speakers);
  const volunteerSockets: Socket[] = [];
  for (let i = 0; i < volunteerTokens.length; i += 50) {
    const batch = volunteerTokens.slice(i, i + 50).map((token) => openSocket(callsUrl(base), { token }));
    volunteerSockets.push(...(await Promise.all(batch)));
  }
  sockets.push(...volunteerSockets);
  await Promise.all(
    volunteerSockets.map((s) => {
      const available = nextEvent(s, 'availability');
      s.emit('setAvailability', { available: true, languages: ['zh'] });
      return available;
    }),
  );
  const seekers = await Promise.all(seekerTokens.map((token) => openSocket(callsUrl(base), { token })));
  sockets.push(...seekers);
  const volunteers = new Volunteers(volunteerSockets);
  console.log(
    `${speakers.length} speech sockets and ${volunteerSockets.length + seekers.length} signalling sockets ` +
      `connected in ${(performance.now() - t0).toFixed(0)} ms`,
  );

  // warm: a few of each so the first-use costs (JIT, pool connections) are not counted
  for (const token of payerTokens.slice(0, 3)) await analyse(base, token, image);
  await chat(base, payerTokens[0] ?? '');
  const pointsBefore = (await balances()).reduce((a, b) => a + b, 0);

  const recorder = new Recorder();
  writeFileSync(`${loopFile}.start`, '');
  const loadStartedAt = Date.now();
  t0 = performance.now();
  benchLoop.enable();
  const payer = (i: number) => payerTokens[i % payerTokens.length] ?? '';
  const session = (i: number) => sessionUsers[i % sessionUsers.length] as SessionUser;
  let chats = 0;
  let analyses = 0;
  await Promise.all([
    every(RATES.analysis, (i) =>
      recorder.time('analysis', async () => {
        const outcome = await analyse(base, payer(i), image);
        if (outcome === true) analyses++;
        return outcome;
      }),
    ),
    every(RATES.chat, (i) =>
      recorder.time('chat', async () => {
        const outcome = await chat(base, payer(i + 7));
        if (outcome === true) chats++;
        return outcome;
      }),
    ),
    every(RATES.login, (i) => recorder.time('login', () => session(i).login())),
    every(RATES.refresh, (i) => recorder.time('refresh', () => session(i).refresh())),
    every(RATES.points, (i) =>
      recorder.time('points', async () => {
        const res = await api(base, pointsEndpoints.pointsDetails, undefined, userHeaders(payer(i)));
        return res.ok || res.why;
      }),
    ),
    every(RATES.call, (i) =>
      recorder.time('call', () => volunteers.call(seekers[i % seekers.length] as Socket)),
    ),
    every(SPEECH_SOCKETS / (SPEECH_EVERY_MS / 1000), (i) =>
      recorder.time('speech', () => speak(speakers[i % speakers.length] as Socket, '前方三米有台阶。')),
    ),
  ]);
  const loadMs = performance.now() - t0;
  benchLoop.disable();
  const loadEndedAt = Date.now();
  const machineLoad = loadavg()[0] ?? NaN;
  // an analysis the client gave up on may still hold points while the server finishes it: the
  // balances are compared once they stop moving (or NaN if the server does not settle in a minute)
  const spent = await settledSpend(pointsBefore, balances);
  // let the probe write the last second
  await new Promise((r) => setTimeout(r, 1100));

  const loopLines = readFileSync(loopFile, 'utf8')
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          at: number;
          p99: number;
          loadBegun: boolean;
          cpuMs: number;
          windowP99: number;
          windowMax: number;
        },
    )
    .filter((l) => l.loadBegun && l.at <= loadEndedAt + 1000);
  const loopSeconds: LoopSecond[] = loopLines.map((l, i) => ({ second: i, p99: l.p99 }));
  const loop = loopLines.at(-1);
  const cores = loopLines.reduce((sum, l) => sum + l.cpuMs, 0) / 1000 / Math.max(1, loopLines.length);

  const summary = recorder.summary();
  const fmt = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0).padStart(6));
  const row = (s: KindSummary) =>
    `${s.kind.padEnd(9)} ${String(s.count).padStart(5)} ${String(s.errors).padStart(6)} ` +
    `${fmt(s.p50)} ${fmt(s.p95)} ${fmt(s.p99)} ${fmt(s.max)}`;
  const analysis = summary.find((s) => s.kind === 'analysis');
  const chatSummary = summary.find((s) => s.kind === 'chat');
  const clientOverhead = (analysis?.p95 ?? NaN) - FAKE_ENGINE_MS;
  // answers that came after the load's last second (a backlog) still count
  const served = serverTimes(server.logs, 'POST', endpoints.visionAnalyze.path, loadStartedAt, Date.now());
  const overhead = percentile(served, 0.95) - FAKE_ENGINE_MS;
  const chatOverhead = (chatSummary?.p95 ?? NaN) - FAKE_ENGINE_MS;
  const errors = summary.reduce((n, s) => n + s.errors, 0);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const lines = [
    `load: ${(loadMs / 1000).toFixed(1)} s at ${LOAD_SCALE}× the target mix; ${speakers.length} speech sockets, ` +
      `${volunteerSockets.length + seekers.length} signalling sockets held; ` +
      `${(recorder.samples.filter((s) => s.kind === 'analysis').length / (loadMs / 1000)).toFixed(1)} analyses/s`,
    'kind      count errors    p50    p95    p99    max  (ms)',
    ...summary.map(row),
    `analysis server overhead, the server's own time − ${FAKE_ENGINE_MS} ms fake (${served.length} answers): ` +
      `p50 ${(percentile(served, 0.5) - FAKE_ENGINE_MS).toFixed(0)} ms, p95 ${overhead.toFixed(0)} ms ` +
      `(target p95 ≤ ${TARGET_MS}) ${verdict(overhead <= TARGET_MS)}`,
    `analysis overhead seen by the bench client (its latency − ${FAKE_ENGINE_MS} ms, its own delays in it): ` +
      `p95 ${clientOverhead.toFixed(0)} ms`,
    `chat p95 server overhead: ${chatOverhead.toFixed(0)} ms`,
    `errors: ${errors} (target 0) ${verdict(errors === 0)}`,
    `server event-loop delay during the load: p99 ${loop?.windowP99 ?? NaN} ms, max ${loop?.windowMax ?? NaN} ms ` +
      `(target p99 ≤ ${TARGET_MS}) ${verdict((loop?.windowP99 ?? Infinity) <= TARGET_MS)}`,
    `bench client event-loop delay (in every latency above): p99 ${(benchLoop.percentile(99) / 1e6).toFixed(0)} ms`,
    `server CPU during the load: ${cores.toFixed(2)} of ${cpus().length} cores; ` +
      `machine load average at the end: ${machineLoad.toFixed(1)} (other processes share the cores)`,
    `points: ${spent} spent by ${analyses} answered analyses + ${chats} answered chats ` +
      `(1 point each) ${verdict(spent === analyses + chats)}`,
    ...summary.flatMap((s) => s.failures.map((f) => `  ${s.kind} failure: ${f}`)),
  ];
  const text = lines.join('\n');
  console.log(text);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'load.html'), latencyReport(text, recorder.samples, loopSeconds));
  console.log(`plot: ${path.join(outDir, 'load.html')}`);
} finally {
  for (const s of sockets) s.disconnect();
  await server.stop();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
