import { SynthesisOptions } from '@sfm/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { event, startFakeDashScope, type FakeDashScope } from '../../../test/fakes/dashscope-server.ts';
import { DashScopeSynthesizer } from './dashscope-synthesizer.ts';

const KEY = 'sk-test-key';
let fake: FakeDashScope | undefined;
afterEach(async () => fake?.close());

const options = SynthesisOptions.parse({ volume: 80, rate: 1.5, pitch: 0.8 });

async function drain(stream: AsyncIterable<Uint8Array>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(Buffer.from(chunk));
  return out;
}

describe('DashScopeSynthesizer (CosyVoice)', () => {
  it('speaks the protocol: run-task, task-started, continue-task, finish-task; binary frames are the audio', async () => {
    fake = await startFakeDashScope(KEY, ({ socket, messages }, message) => {
      if (Buffer.isBuffer(message)) return;
      const taskId = message.header.task_id;
      if (message.header.action === 'run-task') event(socket, taskId, 'task-started');
      if (message.header.action === 'continue-task') {
        socket.send(Buffer.from('ID3-first'));
        socket.send(Buffer.from('second'));
      }
      if (message.header.action === 'finish-task') {
        expect(messages.map((m) => m.header.action)).toEqual(['run-task', 'continue-task', 'finish-task']);
        event(socket, taskId, 'task-finished');
      }
    });
    const tts = new DashScopeSynthesizer({
      apiKey: KEY,
      wsUrl: fake.url,
      model: 'cosyvoice-v2',
      voice: 'longxiaochun_v2',
    });
    const chunks = await drain(tts.stream('你好，世界', options, new AbortController().signal));
    expect(Buffer.concat(chunks).toString()).toBe('ID3-firstsecond');

    const [connection] = fake.connections;
    expect(connection?.authorization).toBe(`bearer ${KEY}`);
    const [run, cont, finish] = connection?.messages ?? [];
    expect(run?.header).toMatchObject({ action: 'run-task', streaming: 'duplex' });
    expect(run?.header.task_id).toMatch(/^[0-9a-f]{32}$/);
    expect(run?.payload).toEqual({
      task_group: 'audio',
      task: 'tts',
      function: 'SpeechSynthesizer',
      model: 'cosyvoice-v2',
      parameters: {
        text_type: 'PlainText',
        voice: 'longxiaochun_v2',
        format: 'mp3',
        sample_rate: 22050,
        volume: 80,
        rate: 1.5,
        pitch: 0.8,
      },
      input: {},
    });
    expect(cont?.payload).toEqual({ input: { text: '你好，世界' } });
    expect(cont?.header.task_id).toBe(run?.header.task_id);
    expect(finish?.payload).toEqual({ input: {} });
  });

  it('a failed task is an error with the service message, never the key', async () => {
    fake = await startFakeDashScope(KEY, ({ socket }, message) => {
      if (!Buffer.isBuffer(message) && message.header.action === 'run-task') {
        event(socket, message.header.task_id, 'task-failed', {
          error_code: 'InvalidParameter',
          error_message: 'voice not found',
        });
      }
    });
    const tts = new DashScopeSynthesizer({
      apiKey: KEY,
      wsUrl: fake.url,
      model: 'cosyvoice-v2',
      voice: 'nope',
    });
    const error = await drain(tts.stream('你好', options, new AbortController().signal)).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('voice not found');
    expect((error as Error).message).not.toContain(KEY);

    const badKey = new DashScopeSynthesizer({ apiKey: 'wrong', wsUrl: fake.url, model: 'm', voice: 'v' });
    const refused = await drain(badKey.stream('你好', options, new AbortController().signal)).catch(
      (e: Error) => e,
    );
    expect((refused as Error).message).toContain('InvalidApiKey');
    expect((refused as Error).message).not.toContain('wrong');
  });

  it('abort closes the socket and ends the stream at once', async () => {
    fake = await startFakeDashScope(KEY, ({ socket }, message) => {
      if (Buffer.isBuffer(message)) return;
      if (message.header.action === 'run-task') event(socket, message.header.task_id, 'task-started');
      if (message.header.action === 'continue-task') {
        const timer = setInterval(
          () => socket.readyState === socket.OPEN && socket.send(Buffer.from('x')),
          10,
        );
        socket.on('close', () => clearInterval(timer));
      }
    });
    const tts = new DashScopeSynthesizer({ apiKey: KEY, wsUrl: fake.url, model: 'm', voice: 'v' });
    const controller = new AbortController();
    let chunks = 0;
    for await (const _chunk of tts.stream('很长的文字', options, controller.signal)) {
      if (++chunks === 3) controller.abort();
    }
    expect(chunks).toBe(3);
    await expect.poll(() => fake?.connections[0]?.socket.readyState).toBe(3);
  });
});
