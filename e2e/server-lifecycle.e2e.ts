/**
 * The real server as `npm start` runs it, as a supervisor sees it: live at once, ready only once
 * its engines are warm, and on SIGTERM a clean stop within 10 s that tells its clients why.
 */
import { request } from 'node:http';
import { endpoints, SPEECH_SYNTHESIS_NAMESPACE, translateMessage } from '@sfm/protocol';
import { openSocket } from '../apps/server/test/harness/socket-clients.ts';
import { testPhoto } from '../apps/server/test/fixtures/test-photo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, waitUntilReady, type RunningServer } from './support/server.ts';

const LONG_TEXT = '前方约五米处有一个人行横道，现在信号灯是红色，请在路边稍等一下。'.repeat(20);

/** The pino lines whose `msg` is one of `messages`, in the order printed. */
const logged = (server: RunningServer, ...messages: string[]) =>
  server.logs
    .map((line) => {
      try {
        return (JSON.parse(line) as { msg?: string }).msg ?? '';
      } catch {
        return '';
      }
    })
    .filter((msg) => messages.includes(msg));

const speechSocket = (url: string) =>
  openSocket(url + SPEECH_SYNTHESIS_NAMESPACE, { deviceId: 'e2e-shutdown-device', userType: 'temporary' });

/** POSTs an analysis; resolves with the answer, or rejects if the connection is cut without one. */
function analyse(url: string, image: string): Promise<{ status: number; body: { message: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(url + endpoints.visionAnalyze.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', deviceid: 'e2e-shutdown-device' },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify({ image, scenario: 'observe' }));
  });
}

describe('start-up and shutdown of the real server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TTS_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => server?.stop());

  it('is live at once, and ready only once speech, then vision, are warm', async () => {
    const refusals = await waitUntilReady(server);
    // every "not yet" was the catalogue's "starting", never an error
    for (const refusal of refusals) expect(refusal).toBe('503 server_starting');
    // (the log lines travel through a pipe: they may arrive just after the answer)
    await expect
      .poll(() => logged(server, 'speech synthesis ready', 'listening', 'vision engine ready', 'ready'))
      .toEqual(['speech synthesis ready', 'listening', 'vision engine ready', 'ready']);
  });

  it('on SIGTERM: cancels the speech stream with a message, finishes the analysis, exits 0 within 10 s', async () => {
    const socket = await speechSocket(server.url);
    const firstAudio = new Promise((resolve) => socket.once('audioGenerated', resolve));
    const farewell = new Promise<{ message: string }>((resolve) => socket.once('error', resolve));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.emit('startSynthesis', { options: {} });
    socket.emit('synthesizeText', { text: LONG_TEXT });
    await firstAudio;

    const photo = await testPhoto(640, 480).jpeg().toBuffer();
    const requestsSeen = logged(server, 'incoming request').length;
    const analysis = analyse(server.url, photo.toString('base64'));
    // the request has reached the server (Fastify logs it) before the signal is sent
    await expect.poll(() => logged(server, 'incoming request').length).toBeGreaterThan(requestsSeen);

    const signalledAt = Date.now();
    process.kill(server.pid, 'SIGTERM');

    expect((await farewell).message).toBe(translateMessage('errors.server_stopping'));
    await disconnected;
    const answer = await analysis;
    // finished (the usual case), or refused with the catalogue's reason: never a cut connection
    if (answer.status !== 200) {
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(translateMessage('errors.server_stopping'));
    }
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(logged(server, 'shutting down', 'stopped')).toEqual(['shutting down', 'stopped']);
    socket.close();
  });
});
