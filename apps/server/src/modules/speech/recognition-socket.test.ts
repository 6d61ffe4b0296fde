import { SPEECH_RECOGNITION_NAMESPACE } from '@sfm/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startFakeWhisper } from '../../engines/asr/fake-whisper-server.ts';
import { defaultSpeechConfig } from './speech-config.ts';
import { startListeningApp, type ListeningApp } from './speech-test-support.ts';

const sockets: Socket[] = [];
function connect(server: ListeningApp, auth: Record<string, string>, locale = 'zh-CN') {
  const socket = io(`${server.url}${SPEECH_RECOGNITION_NAMESPACE}`, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { 'accept-language': locale },
  });
  sockets.push(socket);
  return socket;
}
const once = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

describe('/speech without a recognizer', () => {
  let server: ListeningApp;
  afterAll(async () => server?.close());

  it('refuses a connection without identity', async () => {
    server = await startListeningApp();
    const error = await once<Error>(connect(server, {}), 'connect_error');
    expect(error.message).toBe('请先登录');
  });

  it('says recognition is unavailable', async () => {
    const socket = connect(server, { deviceId: 'asr-test-device' }, 'en');
    await once(socket, 'connected');
    const failed = once<{ message: string }>(socket, 'taskFailed');
    socket.emit('startRecognition', { options: { format: 'pcm', sampleRate: 16000 } });
    expect((await failed).message).toBe('speech recognition service abnormal');
  });
});

describe('/speech with an OpenAI-compatible recognizer', () => {
  let server: ListeningApp;
  let whisper: Awaited<ReturnType<typeof startFakeWhisper>>;
  afterAll(async () => {
    await server?.close();
    await whisper?.close();
  });

  it('runs a recognition: started, interim, final, completed, stopped', async () => {
    let n = 0;
    whisper = await startFakeWhisper(() => ['前面有什么', '东西'][n++] ?? '');
    server = await startListeningApp({
      ...defaultSpeechConfig(),
      asr: { engine: 'openai-compatible', model: 'whisper-1' },
      openai: { baseUrl: whisper.baseUrl, apiKey: undefined },
    });
    const socket = connect(server, { deviceId: 'asr-test-device' });
    await once(socket, 'connected');
    const events: string[] = [];
    for (const name of [
      'recognitionStarted',
      'taskStarted',
      'resultChanged',
      'resultCompleted',
      'taskCompleted',
      'recognitionStopped',
      'taskFailed',
    ]) {
      socket.on(name, (data?: { text?: string; message?: string }) =>
        events.push(data?.text || data?.message ? `${name}:${data.text ?? data.message}` : name),
      );
    }
    const started = once(socket, 'recognitionStarted');
    socket.emit('startRecognition', { options: { format: 'pcm', sampleRate: 16000, language: 'zh' } });
    await started;
    const second = Buffer.alloc(16_000 * 2).toString('base64');
    for (let i = 0; i < 4; i++) socket.emit('sendAudioData', { audioData: second, format: 'pcm' });
    socket.emit('sendAudioData', { audioData: 'garbage that is ignored', format: 'wav' });
    const stopped = once(socket, 'recognitionStopped');
    socket.emit('stopRecognition');
    await stopped;
    expect(events).toEqual([
      'recognitionStarted',
      'taskStarted',
      'resultChanged:前面有什么',
      'resultCompleted:前面有什么东西',
      'taskCompleted',
      'recognitionStopped',
    ]);
  });
});
