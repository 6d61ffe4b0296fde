import { RecognitionOptions } from '@sfm/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { event, startFakeDashScope, type FakeDashScope } from '../../../test/fakes/dashscope-server.ts';
import { DashScopeRecognizer } from './dashscope-recognizer.ts';
import { toneWav } from '../../../test/fixtures/speech-audio.ts';
import { recognize } from '../../../test/harness/recognition.ts';

const KEY = 'sk-asr-key';
let fake: FakeDashScope | undefined;
afterEach(async () => fake?.close());

const sentence = (text: string, end: boolean) => ({
  payload: { output: { sentence: { text, sentence_end: end } } },
});

/** Paraformer as the reference describes it: results while audio comes, the last at finish-task. */
function paraformer(fakeText = '你好世界') {
  return startFakeDashScope(KEY, ({ socket, binary }, message) => {
    if (Buffer.isBuffer(message)) {
      if (binary.length === 1) event(socket, '', 'result-generated', sentence('你好', false));
      return;
    }
    const taskId = message.header.task_id;
    if (message.header.action === 'run-task') event(socket, taskId, 'task-started');
    if (message.header.action === 'finish-task') {
      event(socket, taskId, 'result-generated', sentence(fakeText, true));
      event(socket, taskId, 'task-finished');
    }
  });
}

describe('DashScopeRecognizer (Paraformer realtime)', () => {
  it('sends run-task with the reference parameters, PCM as binary frames, then finish-task', async () => {
    fake = await paraformer();
    const asr = new DashScopeRecognizer({ apiKey: KEY, wsUrl: fake.url, model: 'paraformer-realtime-v2' });
    const seen = await recognize(asr, (session) => {
      // audio before task-started is held back, not lost
      session.sendPcm(new Uint8Array(3200).fill(1));
      session.sendPcm(new Uint8Array(3200).fill(2));
      session.finish();
    });
    expect(seen).toEqual(['started', 'interim:你好', 'final:你好世界']);
    const connection = fake.connections[0];
    expect(connection?.authorization).toBe(`bearer ${KEY}`);
    expect(connection?.messages.map((m) => m.header.action)).toEqual(['run-task', 'finish-task']);
    expect(connection?.messages[0]?.payload).toEqual({
      task_group: 'audio',
      task: 'asr',
      function: 'recognition',
      model: 'paraformer-realtime-v2',
      parameters: {
        format: 'pcm',
        sample_rate: 16000,
        punctuation_prediction_enabled: true,
        inverse_text_normalization_enabled: false,
        language_hints: ['zh'],
      },
      input: {},
    });
    expect(connection?.binary.map((b) => b[0])).toEqual([1, 2]);
  });

  it('reports a result it cannot read as a notice, and goes on to the next one (spec §8)', async () => {
    fake = await startFakeDashScope(KEY, ({ socket }, message) => {
      if (Buffer.isBuffer(message)) return;
      const taskId = message.header.task_id;
      if (message.header.action === 'run-task') event(socket, taskId, 'task-started');
      if (message.header.action === 'finish-task') {
        event(socket, taskId, 'result-generated', { payload: { output: { sentence: { text: 42 } } } });
        event(socket, taskId, 'result-generated', sentence('出口在哪里', true));
        event(socket, taskId, 'task-finished');
      }
    });
    const asr = new DashScopeRecognizer({ apiKey: KEY, wsUrl: fake.url, model: 'paraformer-realtime-v2' });
    const seen = await recognize(asr, (session) => {
      session.sendPcm(new Uint8Array(3200).fill(1));
      session.finish();
    });
    expect(seen).toEqual(['started', 'notice:resultFormat', 'final:出口在哪里']);
  });

  it('reports task-failed as an error', async () => {
    fake = await startFakeDashScope(KEY, ({ socket }, message) => {
      if (!Buffer.isBuffer(message) && message.header.action === 'run-task') {
        event(socket, message.header.task_id, 'task-failed', {
          error_code: 'ModelNotFound',
          error_message: 'no model',
        });
      }
    });
    const asr = new DashScopeRecognizer({ apiKey: KEY, wsUrl: fake.url, model: 'nope' });
    const message = await new Promise<string>((resolve) =>
      asr.start(RecognitionOptions.parse({}), {
        onStarted: () => {},
        onInterim: () => {},
        onFinal: () => {},
        onCompleted: () => resolve('completed'),
        onError: resolve,
      }),
    );
    expect(message).toContain('no model');
  });

  it('transcribes a WAV upload through the realtime protocol, 3200-byte frames of 16 kHz PCM', async () => {
    fake = await paraformer('今天天气很好。');
    const asr = new DashScopeRecognizer({ apiKey: KEY, wsUrl: fake.url, model: 'paraformer-realtime-v2' });
    const text = await asr.transcribe(toneWav(1, 48_000), 'a.wav');
    expect(text).toBe('今天天气很好。');
    const frames = fake.connections[0]?.binary ?? [];
    expect(frames.reduce((n, f) => n + f.length, 0)).toBe(32_000); // 1 s at 16 kHz, 16-bit
    expect(frames[0]?.length).toBe(3200);
  });
});
