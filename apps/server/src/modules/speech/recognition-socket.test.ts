import { SPEECH_RECOGNITION_NAMESPACE } from '@sfm/protocol';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hearTones, startFakeWhisper } from '../../../test/fakes/whisper-server.ts';
import { scene, silence, spoken } from '../../../test/fixtures/speech-audio.ts';
import { defaultSpeechConfig } from '../../config/speech-config.ts';
import { nextEvent, TestSockets } from '../../../test/harness/socket-clients.ts';
import { startListeningApp, type ListeningApp } from '../../../test/harness/listening-app.ts';

const clients = new TestSockets();
const connect = (server: ListeningApp, auth: Record<string, string>, locale = 'zh-CN') =>
  clients.client(`${server.url}${SPEECH_RECOGNITION_NAMESPACE}`, auth, { 'accept-language': locale });
const once = nextEvent;
afterEach(() => clients.closeAll());

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

  it('runs a recognition: started, interims, one final per utterance while listening goes on, stopped', async () => {
    whisper = await startFakeWhisper(hearTones);
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
    const audio = Buffer.from(
      scene([silence(500), spoken('前面有什么'), silence(1_500), spoken('左边是一扇门'), silence(1_500)]),
    );
    // the browser's frames: 4096 samples each
    for (let at = 0; at < audio.length; at += 8192)
      socket.emit('sendAudioData', {
        audioData: audio.subarray(at, at + 8192).toString('base64'),
        format: 'pcm',
      });
    socket.emit('sendAudioData', { audioData: 'garbage that is ignored', format: 'wav' });
    // both utterances end while the recognition is still running
    await expect.poll(() => events.filter((e) => e.startsWith('resultCompleted'))).toHaveLength(2);
    const stopped = once(socket, 'recognitionStopped');
    socket.emit('stopRecognition');
    await stopped;
    expect(events.slice(0, 2)).toEqual(['recognitionStarted', 'taskStarted']);
    expect(events.slice(-2)).toEqual(['taskCompleted', 'recognitionStopped']);
    const results = events.slice(2, -2);
    expect(results.filter((e) => e.startsWith('resultCompleted'))).toEqual([
      'resultCompleted:前面有什么',
      'resultCompleted:左边是一扇门',
    ]);
    const second = results.indexOf('resultCompleted:前面有什么') + 1;
    for (const changed of results.slice(0, second - 1)) expect('resultChanged:前面有什么').toContain(changed);
    for (const changed of results.slice(second, -1)) expect('resultChanged:左边是一扇门').toContain(changed);
  });
});
