import { chatEndpoints, type ChatStreamEvent, type ChatTurn } from '@sfm/protocol/chat';
import { endpoints } from '@sfm/protocol/gathered';
import { DEFAULT_POINTS_RULES } from '@sfm/protocol/points';
import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConfigFromEnv } from '../../config/chat-config.ts';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
  type FakeChatReply,
} from '../../../test/fakes/chat-completions-server.ts';
import { FakeVisionEngine } from '../../../test/fakes/vision-engine.ts';
import { registeredUser } from '../../../test/harness/admin-harness.ts';
import { createLogger } from '../../logger.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  JWT_SECRET,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { createPointsEconomy } from '../points/points-economy.ts';
import { CHAT_SYSTEM_PROMPT } from './service.ts';

const photo = async () =>
  (
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');

/** The events of a whole SSE answer. */
function eventsOf(text: string): ChatStreamEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
}

async function ask(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: chatEndpoints.chatStream.path,
    headers,
    payload: body,
  });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

const question = (content: string): ChatTurn[] => [{ role: 'user', content }];

/** Twelve turns of history (user and assistant in turn) ending with the new question. */
const longHistory = (): ChatTurn[] =>
  Array.from({ length: 10 }, (_, i): ChatTurn => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `第${i}条`,
  }));

describe('chat without a language model', () => {
  let t: TestApp;
  let user: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ config: { chat: chatConfigFromEnv({}) } });
    user = (await registeredUser(t)).headers;
  });
  afterAll(async () => t?.close());

  it('GET /api/capabilities says no chat model', async () => {
    const data = expectOk(endpoints.capabilities, await call(t.app, endpoints.capabilities));
    expect(data.chat).toEqual({ engine: null, vision: false });
  });

  it('a question answers 503 with the plain message', async () => {
    const res = await call(t.app, chatEndpoints.chatStream, { messages: question('你好') }, user);
    expectError(res, 503, 'chat_unavailable', '还没有配置对话模型，暂时无法聊天；拍照提问仍可以描述照片');
  });

  it('a photo is still described by the vision engine', async () => {
    const res = await ask(t, user, { messages: question('这是什么？'), image: await photo() });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(eventsOf(res.text)).toEqual([
      { type: 'delta', text: '前方是一张测试图片（qa）' },
      { type: 'done' },
    ]);
    const seen = (t.vision as FakeVisionEngine).requests.at(-1);
    expect(seen?.scenario).toBe('qa');
    expect(seen?.prompt).toBe('这是什么？');
  });

  it('needs a signed-in user', async () => {
    const res = await call(t.app, chatEndpoints.chatStream, { messages: question('你好') });
    expect(res.status).toBe(401);
  });
});

describe('chat through an OpenAI-compatible server', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  let reply: FakeChatReply;
  let user: Record<string, string>;
  let vision: FakeVisionEngine;
  beforeAll(async () => {
    fake = await startFakeChatCompletions(() => reply);
    vision = new FakeVisionEngine();
    t = await createTestApp({
      visionEngine: vision,
      config: {
        chat: chatConfigFromEnv({
          OPENAI_BASE_URL: fake.baseUrl,
          CHAT_MODEL: 'llama3',
          CHAT_TIMEOUT_SECONDS: '1',
        }),
      },
    });
    user = (await registeredUser(t)).headers;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('GET /api/capabilities names the engine, without vision', async () => {
    const data = expectOk(endpoints.capabilities, await call(t.app, endpoints.capabilities));
    expect(data.chat).toEqual({ engine: 'openai-compatible', vision: false });
  });

  it('streams the answer and sends the system prompt with the ten messages of context', async () => {
    reply = { pieces: ['你好！', '我是助手。'], delayMs: 20 };
    const messages = longHistory();
    messages[9] = { role: 'user', content: '你是谁？' };
    const res = await ask(t, user, { messages });
    expect(eventsOf(res.text)).toEqual([
      { type: 'delta', text: '你好！' },
      { type: 'delta', text: '我是助手。' },
      { type: 'done' },
    ]);
    const body = fake.calls.at(-1)?.body;
    expect(body?.model).toBe('llama3');
    expect(body?.stream).toBe(true);
    expect(body?.messages).toEqual([{ role: 'system', content: CHAT_SYSTEM_PROMPT }, ...messages]);
  });

  it('a photo for a model without vision is described first, and the model gets the description', async () => {
    reply = { pieces: ['照片里是一张蓝色的卡片。'] };
    const res = await ask(t, user, { messages: question('这是什么颜色？'), image: await photo() });
    expect(eventsOf(res.text).at(-1)).toEqual({ type: 'done' });
    expect(vision.requests.at(-1)?.prompt).toBe('这是什么颜色？');
    const last = fake.calls.at(-1)?.body.messages.at(-1);
    expect(last?.role).toBe('user');
    expect(last?.content).toContain('这是什么颜色？');
    expect(last?.content).toContain('前方是一张测试图片（qa）');
  });

  it.each([
    [{ status: 500, message: 'internal' } as FakeChatReply, 502, '对话服务出错了，请稍后重试'],
    [
      { status: 400, message: 'data_inspection_failed' } as FakeChatReply,
      422,
      '对话服务拒绝了这个问题，请换个说法再试',
    ],
    [{ stall: true } as FakeChatReply, 504, '对话服务响应超时，请稍后重试'],
  ])('a provider failure ends the stream with the catalogue message (%o)', async (script, code, message) => {
    reply = script;
    const res = await ask(t, user, { messages: question('你好') });
    expect(res.status).toBe(200);
    expect(eventsOf(res.text)).toEqual([{ type: 'error', code, message }]);
  });

  it('refuses more than ten messages and a last message that is not a question', async () => {
    const tooMany = [...longHistory(), ...question('再问一个')];
    expectError(await call(t.app, chatEndpoints.chatStream, { messages: tooMany }, user), 400, 'validation');
    const answerLast = [...question('你好'), { role: 'assistant', content: '你好' }];
    expectError(
      await call(t.app, chatEndpoints.chatStream, { messages: answerLast }, user),
      400,
      'chat_question_required',
    );
    expectError(
      await call(
        t.app,
        chatEndpoints.chatStream,
        { messages: question('看看'), image: 'bm90IGFuIGltYWdl' },
        user,
      ),
      400,
      'image_invalid',
    );
  });

  it('charges the text scene for a complete answer, and nothing for a failed one', async () => {
    const payer = await registeredUser(t);
    const points = async () =>
      expectOk(endpoints.pointsDetails, await call(t.app, endpoints.pointsDetails, undefined, payer.headers))
        .totalPoints;
    const before = await points();
    reply = { pieces: ['好的。'] };
    await ask(t, payer.headers, { messages: question('你好') });
    expect(await points()).toBe(before - DEFAULT_POINTS_RULES.costs.text);
    reply = { status: 500, message: 'internal' };
    await ask(t, payer.headers, { messages: question('你好') });
    expect(await points()).toBe(before - DEFAULT_POINTS_RULES.costs.text);
  });

  it('says clearly when the points run out, before asking the model', async () => {
    const payer = await registeredUser(t);
    const { ledger } = createPointsEconomy({
      db: t.database.db,
      clock: t.clock.now,
      logger: createLogger('silent'),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      secret: JWT_SECRET,
    });
    const details = expectOk(
      endpoints.pointsDetails,
      await call(t.app, endpoints.pointsDetails, undefined, payer.headers),
    );
    await ledger.spend(payer.user.id, details.totalPoints, {
      type: 'consume',
      scene: 'text',
      remark: null,
      key: 'all',
    });
    const calls = fake.calls.length;
    const res = await call(t.app, chatEndpoints.chatStream, { messages: question('你好') }, payer.headers);
    expectError(res, 402, 'points_insufficient', '积分不足，请充值或开通会员后继续使用');
    expect(fake.calls.length).toBe(calls);
  });

  it('a client that goes away aborts the upstream request at once', async () => {
    reply = { pieces: Array.from({ length: 100 }, (_, i) => `词${i}`), delayMs: 30 };
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // node:http rather than fetch: the request's own socket is closed, nothing is kept for reuse
    const client = request(`${address}${chatEndpoints.chatStream.path}`, {
      method: 'POST',
      headers: { ...user, 'content-type': 'application/json' },
    });
    client.end(JSON.stringify({ messages: question('讲个长故事') }));
    const [res] = (await once(client, 'response')) as [IncomingMessage];
    const [first] = (await once(res, 'data')) as [Buffer];
    expect(first.toString()).toContain('"delta"');
    client.destroy();
    const upstream = fake.calls.at(-1);
    await upstream?.finished;
    expect(upstream?.aborted).toBe(true);
    expect(upstream?.sentAt.length).toBeLessThan(20);
  });
});

describe('chat through DashScope with a vision model', () => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  let user: Record<string, string>;
  let vision: FakeVisionEngine;
  beforeAll(async () => {
    fake = await startFakeChatCompletions(() => ({ pieces: ['这是一张蓝色的图片。'] }), {
      apiKey: 'sk-chat',
    });
    vision = new FakeVisionEngine();
    t = await createTestApp({
      visionEngine: vision,
      config: { chat: chatConfigFromEnv({ DASHSCOPE_API_KEY: 'sk-chat', DASHSCOPE_BASE_URL: fake.baseUrl }) },
    });
    user = (await registeredUser(t)).headers;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the photo to qwen-vl-plus itself, and text questions to qwen-plus', async () => {
    const data = expectOk(endpoints.capabilities, await call(t.app, endpoints.capabilities));
    expect(data.chat).toEqual({ engine: 'dashscope', vision: true });

    const res = await ask(t, user, { messages: question('这是什么？'), image: await photo() });
    expect(eventsOf(res.text)).toEqual([{ type: 'delta', text: '这是一张蓝色的图片。' }, { type: 'done' }]);
    const withPhoto = fake.calls.at(-1);
    expect(withPhoto?.authorization).toBe('Bearer sk-chat');
    expect(withPhoto?.body.model).toBe('qwen-vl-plus');
    const parts = withPhoto?.body.messages.at(-1)?.content as { type: string; image_url?: { url: string } }[];
    expect(parts[0]?.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(parts[1]).toEqual({ type: 'text', text: '这是什么？' });
    expect(vision.requests).toHaveLength(0);

    await ask(t, user, { messages: question('你好') });
    expect(fake.calls.at(-1)?.body.model).toBe('qwen-plus');
  });
});
