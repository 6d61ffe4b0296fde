import { SPEECH_SYNTHESIS_NAMESPACE, translateMessage, type SynthesisOptions } from '@sfm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../app-error.ts';
import type { SpeechSynthesizer } from '../../engines/tts/speech-synthesizer.ts';
import { nextEvent, TestSockets } from '../../../test/harness/socket-clients.ts';
import { startListeningApp, type ListeningApp } from '../../../test/harness/listening-app.ts';

/**
 * An engine that speaks forever, a chunk every few milliseconds, until its signal aborts: whatever
 * a client's leaving does not abort is seen still running.
 */
class EndlessSynthesizer implements SpeechSynthesizer {
  readonly name = 'embedded';
  readonly voices = ['cmn'];
  running = 0;
  async warmUp(): Promise<void> {}
  async close(): Promise<void> {}
  async *stream(_text: string, _options: SynthesisOptions, signal: AbortSignal): AsyncIterable<Uint8Array> {
    this.running++;
    try {
      while (!signal.aborted) {
        yield new Uint8Array(64);
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      this.running--;
    }
  }
}

const synthesizer = new EndlessSynthesizer();
const clients = new TestSockets();
let server: ListeningApp;

beforeAll(async () => {
  server = await startListeningApp({}, {}, { speechSynthesizer: synthesizer });
});
afterAll(async () => {
  clients.closeAll();
  await server?.close();
});

describe('a client that leaves mid-stream', () => {
  it('leaves no synthesis running on the server', async () => {
    const socket = await clients.open(`${server.url}${SPEECH_SYNTHESIS_NAMESPACE}`, {
      deviceId: 'test-device-leaving',
      userType: 'temporary',
    });
    const audio = nextEvent(socket, 'audioGenerated');
    socket.emit('synthesizeText', { text: '一段说不完的话。' });
    await audio;
    expect(synthesizer.running).toBe(1);
    socket.disconnect();
    await expect.poll(() => synthesizer.running).toBe(0);
  });
});

describe('a server that stops mid-stream', () => {
  it('tells the client why, in its language, then closes the socket and the stream', async () => {
    const socket = await clients.open(
      `${server.url}${SPEECH_SYNTHESIS_NAMESPACE}`,
      { deviceId: 'test-device-staying', userType: 'temporary' },
      { 'accept-language': 'en' },
    );
    const audio = nextEvent(socket, 'audioGenerated');
    socket.emit('synthesizeText', { text: '一段说不完的话。' });
    await audio;
    const farewell = nextEvent<{ message: string }>(socket, 'error');
    const closed = nextEvent(socket, 'disconnect');
    server.sockets.farewell(new AppError(503, 'errors.server_stopping'));
    await server.sockets.close();
    expect((await farewell).message).toBe(translateMessage('errors.server_stopping', 'en'));
    await closed;
    await expect.poll(() => synthesizer.running).toBe(0);
  });
});
