import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatModelTurn } from './chat-model.ts';
import { ChatModelError } from './chat-model-error.ts';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
  type FakeChatReply,
} from '../../../test/fakes/chat-completions-server.ts';
import { OpenAiCompatibleChatModel } from './openai-compatible-chat-model.ts';

let fake: FakeChatCompletions;
let reply: FakeChatReply = { pieces: [] };

beforeAll(async () => {
  fake = await startFakeChatCompletions(() => reply, { apiKey: 'sk-test' });
});
afterAll(() => fake.close());

const model = (overrides: Partial<ConstructorParameters<typeof OpenAiCompatibleChatModel>[0]> = {}) =>
  new OpenAiCompatibleChatModel({
    name: 'dashscope',
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test',
    model: 'qwen-plus',
    visionModel: 'qwen-vl-plus',
    timeoutMs: 2000,
    ...overrides,
  });

const context: ChatModelTurn[] = [
  { role: 'system', content: '你是助手' },
  ...Array.from({ length: 10 }, (_, i): ChatModelTurn => ({
    role: i % 2 === 0 ? 'assistant' : 'user',
    content: `第${i}条`,
  })),
];

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe('OpenAiCompatibleChatModel', () => {
  it('sends the exact streaming request and yields each piece as it arrives', async () => {
    reply = { pieces: ['你好', '，我在。', '有什么可以帮你？'], delayMs: 80 };
    const arrivals: number[] = [];
    const pieces: string[] = [];
    for await (const piece of model().stream({ turns: context, signal: new AbortController().signal })) {
      pieces.push(piece);
      arrivals.push(performance.now());
    }
    expect(pieces).toEqual(['你好', '，我在。', '有什么可以帮你？']);
    // streamed, not buffered: the first piece came well before the last
    expect((arrivals[2] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(120);
    const call = fake.calls.at(-1);
    expect(call?.authorization).toBe('Bearer sk-test');
    expect(call?.body.model).toBe('qwen-plus');
    expect(call?.body.stream).toBe(true);
    expect(call?.body.messages).toEqual(context);
  });

  it('sends the photo to the vision model as an image part of the question', async () => {
    reply = { pieces: ['这是一封信。'] };
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await collect(
      model().stream({
        turns: [
          { role: 'system', content: 's' },
          { role: 'user', content: '这封信说什么？' },
        ],
        image: jpeg,
        signal: new AbortController().signal,
      }),
    );
    const body = fake.calls.at(-1)?.body;
    expect(body?.model).toBe('qwen-vl-plus');
    expect(body?.messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
        { type: 'text', text: '这封信说什么？' },
      ],
    });
  });

  it('sends no Authorization header without a key', async () => {
    const open = await startFakeChatCompletions(() => ({ pieces: ['好'] }));
    try {
      const local = new OpenAiCompatibleChatModel({
        name: 'openai-compatible',
        baseUrl: open.baseUrl,
        apiKey: undefined,
        model: 'llama3',
        visionModel: null,
        timeoutMs: 2000,
      });
      expect(local.seesImages).toBe(false);
      expect(await collect(local.stream({ turns: context, signal: new AbortController().signal }))).toEqual([
        '好',
      ]);
      expect(open.calls[0]?.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('aborts the upstream request at once when the caller stops', async () => {
    reply = { pieces: Array.from({ length: 50 }, (_, i) => `词${i}`), delayMs: 50 };
    const stop = new AbortController();
    const reason = new Error('stopped by the user');
    const pieces: string[] = [];
    const consumed = (async () => {
      for await (const piece of model().stream({ turns: context, signal: stop.signal })) {
        pieces.push(piece);
        if (pieces.length === 2) stop.abort(reason);
      }
    })();
    await expect(consumed).rejects.toBe(reason);
    const call = fake.calls.at(-1);
    await call?.finished;
    expect(call?.aborted).toBe(true);
    expect(call?.sentAt.length).toBeLessThan(10);
  });

  it.each([
    [400, 'rejected'],
    [422, 'rejected'],
    [401, 'failed'],
    [429, 'failed'],
    [500, 'failed'],
  ] as const)('turns HTTP %i into a %s failure without the provider text', async (status, kind) => {
    reply = { status, message: 'Input data may contain inappropriate content: 这封信' };
    const failure = await collect(
      model().stream({ turns: context, signal: new AbortController().signal }),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChatModelError);
    expect(failure).toMatchObject({ kind, status });
    expect((failure as Error).message).not.toContain('这封信');
  });

  it('a wrong key is a failure', async () => {
    reply = { pieces: ['x'] };
    const failure = await collect(
      model({ apiKey: 'sk-wrong' }).stream({ turns: context, signal: new AbortController().signal }),
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'failed', status: 401 });
  });

  it('times out when the provider stalls, and closes the upstream request', async () => {
    reply = { stall: true };
    const started = performance.now();
    const failure = await collect(
      model({ timeoutMs: 300 }).stream({ turns: context, signal: new AbortController().signal }),
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'timeout' });
    expect(performance.now() - started).toBeLessThan(2000);
    const call = fake.calls.at(-1);
    await call?.finished;
    expect(call?.aborted).toBe(true);
  });

  it('the timeout counts from the last piece: a slow but steady answer completes', async () => {
    reply = { pieces: ['一', '二', '三', '四', '五'], delayMs: 150 };
    const pieces = await collect(
      model({ timeoutMs: 400 }).stream({ turns: context, signal: new AbortController().signal }),
    );
    expect(pieces.join('')).toBe('一二三四五');
  });

  it('an unreachable provider is a failure', async () => {
    const failure = await collect(
      model({ baseUrl: 'http://127.0.0.1:9/v1' }).stream({
        turns: context,
        signal: new AbortController().signal,
      }),
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'failed', message: 'chat provider unreachable' });
  });
});
