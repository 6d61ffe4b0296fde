/**
 * Server speech synthesis as a user hears it: time from `synthesizeText` to the first
 * `audioGenerated` on /speech-synthesis, real-time factor, and 50 sockets speaking at once.
 * Prints numbers; not a pass/fail test. Run: `npm run bench:speech`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEECH_SYNTHESIS_NAMESPACE } from '@sfm/protocol';
import type { Socket } from 'socket.io-client';
import { openSocket } from '../apps/server/test/harness/socket-clients.ts';
import { startServer } from '../e2e/support/server.ts';

// 60 characters, punctuation included: a typical spoken scene description
const SENTENCE =
  '前方约五米处有一个人行横道，现在信号灯是红色，请在路边稍等一下。左侧有一辆停着的自行车，右边是一家小小的便利商店入口。';
const RUNS = 20;
const CONCURRENT = 50;
/** The protocol has no end-of-text event: a text is over when no chunk came for this long. */
const QUIET_MS = 2_000;

const DIGITS = '零一二三四五六七八九';
/** 1–99 in Chinese numerals. */
const chineseNumber = (n: number): string =>
  n < 10
    ? DIGITS.charAt(n)
    : `${n >= 20 ? DIGITS.charAt(Math.floor(n / 10)) : ''}十${n % 10 ? DIGITS.charAt(n % 10) : ''}`;

/**
 * The crowd's texts all differ from their first clause on (another distance, the other clauses
 * rotated), so the crowd measures synthesis and not whatever might be shared between equal texts.
 */
function crowdSentence(i: number): string {
  const [first = '', ...rest] = SENTENCE.match(/[^，。]+[，。]/g) ?? [];
  const shift = i % Math.max(1, rest.length);
  return [first.replace('五', chineseNumber(i + 1)), ...rest.slice(shift), ...rest.slice(0, shift)].join('');
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))] ?? NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const connect = (url: string, deviceId: string) =>
  openSocket(`${url}${SPEECH_SYNTHESIS_NAMESPACE}`, { deviceId, userType: 'temporary' });

interface Utterance {
  firstMs: number;
  lastMs: number;
  bytes: Buffer;
  errors: number;
}

/** Sends one text; resolves when no chunk came for QUIET_MS after the last one. */
function speak(socket: Socket, text: string): Promise<Utterance> {
  return new Promise((resolve) => {
    const start = performance.now();
    const chunks: Buffer[] = [];
    let firstMs = NaN;
    let lastMs = NaN;
    let errors = 0;
    let timer = setTimeout(done, 20_000);
    function done() {
      socket.off('audioGenerated', onChunk);
      socket.off('error', onError);
      resolve({ firstMs, lastMs, bytes: Buffer.concat(chunks), errors: errors + (chunks.length ? 0 : 1) });
    }
    function onChunk({ audioData }: { audioData: string }) {
      lastMs = performance.now() - start;
      if (Number.isNaN(firstMs)) firstMs = lastMs;
      chunks.push(Buffer.from(audioData, 'base64'));
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    }
    function onError() {
      errors++;
    }
    socket.on('audioGenerated', onChunk);
    socket.on('error', onError);
    socket.emit('synthesizeText', { text });
  });
}

function mp3Seconds(bytes: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'sfm-bench-'));
  try {
    writeFileSync(join(dir, 'a.mp3'), bytes);
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      join(dir, 'a.mp3'),
    ]);
    return Number(out.toString().trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const server = await startServer({
  TTS_ENGINE: 'embedded',
  TTS_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
});
try {
  const t0 = performance.now();
  const socket = await connect(server.url, 'bench-device-single');
  // the first text a user can send once the server answers: the workers should be warm by now
  const firstAfterStart = await speak(socket, SENTENCE);
  // should they still be warming, wait until a text comes back quickly
  for (let i = 0; i < 30; i++) {
    const { firstMs } = await speak(socket, SENTENCE);
    if (firstMs < 100 && i >= 2) break;
  }
  const warmMs = performance.now() - t0;

  const first: number[] = [];
  const rtf: number[] = [];
  let audioSeconds = 0;
  for (let i = 0; i < RUNS; i++) {
    const u = await speak(socket, SENTENCE);
    first.push(u.firstMs);
    audioSeconds = mp3Seconds(u.bytes);
    rtf.push(u.lastMs / 1000 / audioSeconds);
  }
  socket.disconnect();

  const crowd = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => connect(server.url, `bench-device-crowd-${i}`)),
  );
  const results = await Promise.all(crowd.map((s, i) => speak(s, crowdSentence(i))));
  const crowdLastMs = Math.max(...results.map((r) => r.lastMs));
  for (const s of crowd) s.disconnect();
  const crowdFirst = results.map((r) => r.firstMs).filter((x) => !Number.isNaN(x));
  const crowdErrors = results.reduce((n, r) => n + r.errors, 0);

  console.log(
    `speech synthesis (embedded espeak-ng → MP3), text of ${SENTENCE.length} characters, ${audioSeconds.toFixed(1)} s of audio`,
  );
  console.log(`first text after start: first chunk ${ms(firstAfterStart.firstMs)}`);
  console.log(`warm-up after start: ${ms(warmMs)}\n`);
  const rows: [string, string, string][] = [
    ['first chunk, 1 socket (median)', ms(pct(first, 0.5)), 'target ≤ 150 ms'],
    ['first chunk, 1 socket (p95)', ms(pct(first, 0.95)), ''],
    ['real-time factor (median)', pct(rtf, 0.5).toFixed(3), 'synthesis time / audio duration'],
    [`first chunk, ${CONCURRENT} sockets at once (median)`, ms(pct(crowdFirst, 0.5)), ''],
    [`first chunk, ${CONCURRENT} sockets at once (p95)`, ms(pct(crowdFirst, 0.95)), 'target ≤ 1000 ms'],
    [`last chunk of all ${CONCURRENT} texts`, ms(crowdLastMs), ''],
    [`errors, ${CONCURRENT} sockets`, String(crowdErrors), ''],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [name, value, note] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(8)}  ${note}`);
} finally {
  await server.stop();
}
