import { chatEndpoints, type ChatStreamEvent } from '@sfm/protocol/chat';
import { endpoints } from '@sfm/protocol/gathered';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConfigFromEnv } from '../../src/config/chat-config.ts';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
  type FakeChatReply,
} from '../fakes/chat-completions-server.ts';
import { OpenAiCompatibleVisionEngine } from '../../src/engines/vision/openai-compatible-vision-engine.ts';
import { registeredUser } from '../harness/admin-harness.ts';
import { call, createTestApp, expectError, expectOk, type TestApp } from '../harness/app-harness.ts';
import { testPhoto } from '../fixtures/test-photo.ts';

/** The engines' deadline in this suite; a user must hear the failure soon after it. */
const TIMEOUT_MS = 1000;
const SOON_AFTER_MS = TIMEOUT_MS + 1500;

/** The ways a cloud engine fails: hangs, errs, or sends what is not a chat-completions stream. */
const FAULTS: { name: string; reply: FakeChatReply }[] = [
  { name: 'hangs', reply: { stall: true } },
  { name: 'answers 500', reply: { status: 500, message: 'internal error' } },
  { name: 'streams broken JSON', reply: { garbage: 'data: {"choices":[{"delta":{"content":\n\n' } },
  { name: 'streams an HTML page', reply: { garbage: '<html><body>502 Bad Gateway</body></html>' } },
];

describe('a cloud engine that fails: the user hears the catalogue message in time, and pays nothing', () => {
  let fake: FakeChatCompletions;
  let reply: FakeChatReply;
  let t: TestApp;
  let image: string;
  beforeAll(async () => {
    fake = await startFakeChatCompletions(() => reply);
    t = await createTestApp({
      visionEngine: new OpenAiCompatibleVisionEngine({
        name: 'openai-compatible',
        baseUrl: fake.baseUrl,
        model: 'fake-vl',
        timeoutMs: TIMEOUT_MS,
      }),
      config: {
        chat: chatConfigFromEnv({
          OPENAI_BASE_URL: fake.baseUrl,
          CHAT_MODEL: 'fake-chat',
          CHAT_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000),
        }),
      },
    });
    image = (await testPhoto(64, 48, '#3366cc').jpeg().toBuffer()).toString('base64');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const balance = async (headers: Record<string, string>) =>
    expectOk(endpoints.pointsDetails, await call(t.app, endpoints.pointsDetails, undefined, headers))
      .totalPoints;

  describe.each(FAULTS)('vision: the engine $name', ({ reply: fault }) => {
    it('answers 502 with the catalogue message within the timeout, and charges nothing', async () => {
      const user = await registeredUser(t);
      const before = await balance(user.headers);
      reply = fault;
      const started = performance.now();
      const res = await call(t.app, endpoints.visionAnalyze, { image, scenario: 'observe' }, user.headers);
      expect(performance.now() - started).toBeLessThan(SOON_AFTER_MS);
      expectError(res, 502, 'vision_failed', '图片分析失败，请重试');
      expect(await balance(user.headers)).toBe(before);
    });
  });

  // a 500 from the chat model is covered by chat.test.ts
  describe.each(FAULTS.filter((f) => !('status' in f.reply)))(
    'chat: the model $name',
    ({ name, reply: fault }) => {
      it('ends the stream with the catalogue message within the timeout, and charges nothing', async () => {
        const user = await registeredUser(t);
        const before = await balance(user.headers);
        reply = fault;
        const started = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: chatEndpoints.chatStream.path,
          headers: user.headers,
          payload: { messages: [{ role: 'user', content: '前面是什么？' }] },
        });
        expect(performance.now() - started).toBeLessThan(SOON_AFTER_MS);
        const events = res.body
          .split('\n\n')
          .filter((block) => block.startsWith('data: '))
          .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
        expect(events.at(-1)).toEqual(
          name === 'hangs'
            ? { type: 'error', code: 504, message: '对话服务响应超时，请稍后重试' }
            : { type: 'error', code: 502, message: '对话服务出错了，请稍后重试' },
        );
        expect(await balance(user.headers)).toBe(before);
      });
    },
  );
});
