import { SPEECH_SYNTHESIS_NAMESPACE } from '@sfm/protocol';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechTexts } from '../../db/core-schema.ts';
import { connected, nextEvent, TestSockets } from '../../../test/harness/socket-clients.ts';
import { startListeningApp, type ListeningApp } from '../../../test/harness/listening-app.ts';
import { probeAudio } from '../../../test/harness/probe-audio.ts';

const SENTENCE = '前方五米有一个红绿灯，现在是红灯，请在路边等待。'; // 23 characters
const LONG_TEXT = '这是一段很长的文字，用来测试停止和取消。'.repeat(30);

let server: ListeningApp;
const clients = new TestSockets();
const connect = (auth: Record<string, string> = { deviceId: 'test-device-0001', userType: 'temporary' }) =>
  clients.client(`${server.url}${SPEECH_SYNTHESIS_NAMESPACE}`, auth);
const once = nextEvent;

/** Every chunk of one text: collected until no chunk came for `quietMs`. */
async function collect(socket: Socket, quietMs = 600): Promise<{ chunks: Buffer[]; firstMs: number }> {
  const start = performance.now();
  const chunks: Buffer[] = [];
  let firstMs = -1;
  return new Promise((resolve) => {
    let timer = setTimeout(done, 15_000);
    function done() {
      socket.off('audioGenerated', onChunk);
      resolve({ chunks, firstMs });
    }
    function onChunk({ audioData }: { audioData: string }) {
      if (firstMs < 0) firstMs = performance.now() - start;
      chunks.push(Buffer.from(audioData, 'base64'));
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    }
    socket.on('audioGenerated', onChunk);
  });
}

/** The server handles a socket's events in order: its heartbeatAck marks that all before were handled. */
async function roundTrip(socket: Socket): Promise<void> {
  const ack = once(socket, 'heartbeatAck');
  socket.emit('heartbeat');
  await ack;
}

beforeAll(async () => {
  server = await startListeningApp({}, { corsOrigins: [] });
  // the embedded engine's workers are warm before anything is measured
  await server.sockets.ready();
}, 60_000);

afterAll(async () => {
  clients.closeAll();
  await server?.close();
});

describe('/speech-synthesis', () => {
  it('refuses a connection without identity, with the catalogue text', async () => {
    const socket = connect({});
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('请先登录');
  });

  it('refuses a malformed device id and an invalid token', async () => {
    const bad = await new Promise<Error>((resolve) =>
      connect({ deviceId: 'x' }).once('connect_error', resolve),
    );
    expect(bad.message).toBe('设备标识无效');
    const token = await new Promise<Error>((resolve) =>
      connect({ token: 'not-a-token', userType: 'registered' }).once('connect_error', resolve),
    );
    expect(token.message).toBe('登录已过期，请重新登录');
  });

  it('accepts a device id and answers heartbeats', async () => {
    const socket = connect();
    await connected(socket);
    await roundTrip(socket);
  });

  it('streams a sentence as ordered MP3 chunks: 22050 Hz mono of a plausible length', async () => {
    const socket = connect();
    await connected(socket);
    const started = once(socket, 'synthesisStarted');
    socket.emit('startSynthesis', { options: { rate: 1, volume: 50 } });
    await started;
    const result = collect(socket);
    socket.emit('synthesizeText', { text: SENTENCE });
    const { chunks } = await result;
    expect(chunks.length).toBeGreaterThan(3);
    const info = await probeAudio(Buffer.concat(chunks));
    expect(info).toMatchObject({ codec: 'mp3', sampleRate: 22050, channels: 1 });
    // Mandarin at a normal rate: about 3–6 characters a second
    expect(info.duration).toBeGreaterThan(SENTENCE.length / 8);
    expect(info.duration).toBeLessThan(SENTENCE.length / 2);
  });

  it('records each text it speaks for the back office, blank ones not', async () => {
    const deviceId = 'test-device-recorded';
    const socket = connect({ deviceId, userType: 'temporary' });
    await connected(socket);
    const result = collect(socket);
    socket.emit('synthesizeText', { text: '   ' });
    socket.emit('synthesizeText', { text: SENTENCE });
    await result;
    const rows = () =>
      server.database.db.select().from(speechTexts).where(eq(speechTexts.deviceId, deviceId));
    await expect.poll(async () => (await rows()).map((r) => r.characters)).toEqual([SENTENCE.length]);
  });

  it('speaks faster at a higher rate', async () => {
    const socket = connect();
    await connected(socket);
    socket.emit('startSynthesis', { options: { rate: 2 } });
    const result = collect(socket);
    socket.emit('synthesizeText', { text: SENTENCE });
    const fast = await probeAudio(Buffer.concat((await result).chunks));
    socket.emit('startSynthesis', { options: { rate: 1 } });
    const again = collect(socket);
    socket.emit('synthesizeText', { text: SENTENCE });
    const normal = await probeAudio(Buffer.concat((await again).chunks));
    expect(fast.duration).toBeLessThan(normal.duration * 0.8);
  });

  it('skips blank text and rejects bad options with an error event', async () => {
    const socket = connect();
    await connected(socket);
    let chunks = 0;
    socket.on('audioGenerated', () => chunks++);
    socket.emit('synthesizeText', { text: '   \n ' });
    await roundTrip(socket);
    await new Promise((r) => setTimeout(r, 300));
    expect(chunks).toBe(0);
    const error = once<{ message: string }>(socket, 'error');
    socket.emit('startSynthesis', { options: { rate: 10 } });
    expect((await error).message).toBe('请求参数有误');
    const garbage = once<{ message: string }>(socket, 'error');
    socket.emit('synthesizeText', 42);
    expect((await garbage).message).toBe('请求参数有误');
  });

  it('stops at once on stopSynthesis: no chunk after the stop is handled', async () => {
    const socket = connect();
    await connected(socket);
    socket.emit('startSynthesis', { options: {} });
    const first = once(socket, 'audioGenerated');
    socket.emit('synthesizeText', { text: LONG_TEXT });
    await first;
    socket.emit('stopSynthesis');
    await roundTrip(socket);
    let late = 0;
    socket.on('audioGenerated', () => late++);
    await new Promise((r) => setTimeout(r, 800));
    expect(late).toBe(0);
  });

  it('a second startSynthesis cancels the first task', async () => {
    const socket = connect();
    await connected(socket);
    socket.emit('startSynthesis', { options: {} });
    const first = once(socket, 'audioGenerated');
    socket.emit('synthesizeText', { text: LONG_TEXT });
    await first;
    const restarted = once(socket, 'synthesisStarted');
    socket.emit('startSynthesis', { options: {} });
    await restarted;
    const result = collect(socket);
    socket.emit('synthesizeText', { text: '你好' });
    const info = await probeAudio(Buffer.concat((await result).chunks));
    // only the short text: the long one (≈ 2 min) is gone
    expect(info.duration).toBeLessThan(3);
  });

  it('a long text on one socket does not hold up a short one on another', async () => {
    const busy = connect({ deviceId: 'test-device-busy', userType: 'temporary' });
    const quick = connect({ deviceId: 'test-device-quick', userType: 'temporary' });
    await Promise.all([connected(busy), connected(quick)]);
    const busyFirst = once(busy, 'audioGenerated');
    busy.emit('synthesizeText', { text: LONG_TEXT });
    await busyFirst;
    let busyStreaming = false;
    busy.on('audioGenerated', () => (busyStreaming = true));
    const result = collect(quick);
    quick.emit('synthesizeText', { text: SENTENCE });
    const { firstMs, chunks } = await result;
    expect(chunks.length).toBeGreaterThan(0);
    expect(busyStreaming).toBe(true);
    expect(firstMs).toBeLessThan(1000);
    busy.emit('stopSynthesis');
  });
});
