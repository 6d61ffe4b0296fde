/**
 * Fair ringing at scale: 1,000 volunteers in 10 time zones (quiet hours on, 22:00–07:00 where each
 * lives), their sockets open and available; calls one after another, each rung in widening batches
 * until a simulated volunteer answers. Prints how many volunteers each call rang until the answer
 * (p50/p90), how many rings reached a volunteer inside their quiet hours (must be 0), and whether
 * anyone was asked twice while an awake volunteer had not been asked once.
 *
 * Time runs 15× fast: a batch every second stands for the default 15 s, and a volunteer who answers
 * picks up 3–20 s (scaled) after their phone rings. Each rung volunteer answers with probability
 * ANSWER_PROBABILITY (a seeded draw, so runs compare).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import type { Socket } from 'socket.io-client';
import { openSocket } from '../../apps/server/test/harness/socket-clients.ts';
import { startServer } from '../../e2e/support/server.ts';
import { seedUsers } from '../load/seed-users.ts';

const VOLUNTEERS = 1000;
const CALLS = 30;
const ANSWER_PROBABILITY = 0.15;
const TIME_SCALE = 15;
const ZONES = [
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/Berlin',
  'Europe/London',
  'Africa/Nairobi',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
] as const;

/** A small seeded generator (mulberry32): the same volunteers answer in every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether `zone`'s clock shows a time in the default quiet hours (22:00 up to 07:00) now. */
function quietNow(zone: string): boolean {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  return hour >= 22 || hour < 7;
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

function once<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

export async function fairRinging(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-bench-fair-'));
  const server = await startServer(
    {
      LOG_LEVEL: 'warn',
      CALL_RATE_LIMIT_PER_MINUTE: '1000',
      CALL_BATCH_SECONDS: '1',
      CALL_VOLUNTEER_SECONDS: '30',
    },
    dataDir,
  );
  const sockets: Socket[] = [];
  try {
    const tokens = await seedUsers(dataDir, VOLUNTEERS, '135');
    const [seekerToken] = await seedUsers(dataDir, 1, '139');
    const open = (token: string) => openSocket(server.url + CALLS_NAMESPACE, { token });
    for (let i = 0; i < tokens.length; i += 50)
      sockets.push(...(await Promise.all(tokens.slice(i, i + 50).map(open))));
    const zoneOf = (i: number) => ZONES[i % ZONES.length] ?? 'UTC';
    await Promise.all(
      sockets.map((s, i) => {
        const stored = once(s, 'availability');
        s.emit('setAvailability', { available: true, languages: ['zh'], timeZone: zoneOf(i) });
        return stored;
      }),
    );

    const random = seeded(31);
    const asked = new Map<number, number>();
    const ringsOf = new Map<string, number>();
    let quietRings = 0;
    // the moment anyone was asked a second time: how many awake volunteers had been asked by then
    let askedWhenFirstRepeat: number | null = null;
    const awake = sockets.map((_, i) => !quietNow(zoneOf(i)));
    sockets.forEach((s, i) => {
      s.on('incomingCall', ({ callId }: { callId: string }) => {
        ringsOf.set(callId, (ringsOf.get(callId) ?? 0) + 1);
        if (quietNow(zoneOf(i))) quietRings += 1;
        const times = (asked.get(i) ?? 0) + 1;
        asked.set(i, times);
        if (times === 2 && askedWhenFirstRepeat === null) askedWhenFirstRepeat = asked.size;
        if (random() >= ANSWER_PROBABILITY) return;
        const pickUpMs = ((3 + random() * 17) * 1000) / TIME_SCALE;
        setTimeout(() => s.emit('acceptCall', { callId }), pickUpMs);
      });
    });

    const seeker = await open(seekerToken ?? '');
    sockets.push(seeker);
    const rungPerCall: number[] = [];
    let unanswered = 0;
    for (let call = 0; call < CALLS; call++) {
      const outcome = new Promise<'answered' | 'operators'>((resolve) => {
        seeker.once('callConnected', () => resolve('answered'));
        const onRinging = ({ stage }: { stage: string }) => {
          if (stage !== 'operators') return;
          seeker.off('callRinging', onRinging);
          resolve('operators');
        };
        seeker.on('callRinging', onRinging);
      });
      const ringing = once<{ callId: string }>(seeker, 'callRinging');
      seeker.emit('requestCall', { language: 'zh' });
      const { callId } = await ringing;
      const how = await outcome;
      seeker.removeAllListeners('callRinging');
      if (how === 'operators') {
        unanswered += 1;
        seeker.emit('cancelCall', { callId });
        continue;
      }
      rungPerCall.push(ringsOf.get(callId) ?? 0);
      const ended = once(seeker, 'callEnded');
      seeker.emit('hangUp', { callId });
      await ended;
    }

    const awakeCount = awake.filter(Boolean).length;
    const repeats = [...asked.values()].filter((n) => n > 1).length;
    console.log(
      `fair ringing, ${VOLUNTEERS} volunteers in ${ZONES.length} time zones (${awakeCount} awake now), ${CALLS} calls: ` +
        `volunteers rung per call until an answer p50 ${percentile(rungPerCall, 0.5)}, p90 ${percentile(rungPerCall, 0.9)} ` +
        `(${unanswered} calls reached the operators); rings inside a volunteer's quiet hours: ${quietRings}; ` +
        `volunteers asked twice: ${repeats}` +
        (askedWhenFirstRepeat === null
          ? ''
          : ` (the first repeat came after ${askedWhenFirstRepeat} of ${awakeCount} awake volunteers were asked)`),
    );
  } finally {
    for (const s of sockets) s.disconnect();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
