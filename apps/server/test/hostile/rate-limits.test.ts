import {
  SPEECH_RECOGNITION_NAMESPACE,
  SPEECH_SYNTHESIS_NAMESPACE,
  textLinesEndpoints,
  type Endpoint,
} from '@sfm/protocol';
import { CALLS_NAMESPACE } from '@sfm/protocol/calls';
import { chatEndpoints } from '@sfm/protocol/chat';
import { endpoints } from '@sfm/protocol/gathered';
import { feedbackEndpoints } from '@sfm/protocol/feedback';
import { sceneAdminEndpoints } from '@sfm/protocol/market-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig as loadConfig } from '../../src/app.ts';
import { defaultSpeechConfig } from '../../src/config/speech-config.ts';
import { startListeningApp, type ListeningApp } from '../harness/listening-app.ts';
import { registeredUser, signedInAdmin } from '../harness/admin-harness.ts';
import { TestSockets } from '../harness/socket-clients.ts';
import { envelopeProblem, isCatalogueText } from './catalogue-answers.ts';

/** Far above every limit set below (and the constant ones): a limit that exists is met before. */
const MAX_TRIES = 40;
const LOW = 3;
const SCENE_ID = '00000000-0000-4000-8000-000000000000';

type Who = 'device' | 'user' | 'admin';

/**
 * Every call that costs money (a paid model or gateway), sends an SMS or runs a model on this
 * server's CPU for free (a live frame's OCR), with a body that passes
 * validation (a limit is counted once the input is valid). A new such endpoint belongs here.
 */
const COSTLY: {
  name: string;
  endpoint: Endpoint;
  who: Who;
  body: (i: number) => object;
  /** Headers of its own for each call (identities made up on the spot). */
  headers?: (i: number) => Record<string, string>;
}[] = [
  {
    name: 'SMS code, one phone',
    endpoint: endpoints.smsSend,
    who: 'device',
    body: () => ({ phone: '13600000001' }),
  },
  {
    name: 'SMS code, many phones from one address',
    endpoint: endpoints.smsSend,
    who: 'device',
    body: (i) => ({ phone: `1360000${String(1000 + i)}` }),
  },
  {
    name: 'photo analysis (vision model)',
    endpoint: endpoints.visionAnalyze,
    who: 'device',
    body: () => ({ image: 'AAAA', scenario: 'observe' }),
  },
  {
    name: 'photo analysis, a new made-up device for every call from one address',
    endpoint: endpoints.visionAnalyze,
    who: 'device',
    body: () => ({ image: 'AAAA', scenario: 'observe' }),
    headers: (i) => ({ deviceid: `made-up-device-${i}` }),
  },
  {
    name: "a live frame's text lines (the server's OCR, free)",
    endpoint: textLinesEndpoints.readTextLines,
    who: 'device',
    body: () => ({ image: 'AAAA' }),
  },
  {
    name: 'recording to text (speech model)',
    endpoint: endpoints.speechRecognize,
    who: 'device',
    body: () => ({ audio: 'AAAA', filename: 'a.wav' }),
  },
  {
    name: 'chat (language model)',
    endpoint: chatEndpoints.chatStream,
    who: 'user',
    body: () => ({ messages: [{ role: 'user', content: '你好' }] }),
  },
  {
    name: "a scene's test analysis (vision model)",
    endpoint: sceneAdminEndpoints.testScene,
    who: 'admin',
    body: () => ({ id: SCENE_ID, image: 'AAAA' }),
  },
  {
    name: 'feedback (stored, with a photo)',
    endpoint: feedbackEndpoints.sendFeedback,
    who: 'user',
    body: (i) => ({ category: 'suggestion', text: `反馈 ${i}`, contactConsent: false }),
  },
  {
    name: 'push subscription (stored, then posted to)',
    endpoint: endpoints.callPushSubscribe,
    who: 'user',
    body: (i) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/rate-limit-${i}`,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
  },
  {
    name: 'a payment order (payment gateway)',
    endpoint: endpoints.pointsCreateOrder,
    who: 'user',
    body: () => ({ kind: 'recharge', itemId: 'none' }),
  },
];

/** Socket events that run a paid engine or ring people, with a valid payload. */
const COSTLY_EVENTS: {
  namespace: string;
  who: Who;
  event: string;
  payload: object;
  before?: [string, object];
  /** The event that carries a refusal (`error` unless the namespace's protocol names another). */
  refusedBy?: string;
}[] = [
  {
    namespace: SPEECH_SYNTHESIS_NAMESPACE,
    who: 'device',
    event: 'synthesizeText',
    payload: { text: '好' },
    before: ['startSynthesis', {}],
  },
  {
    namespace: SPEECH_RECOGNITION_NAMESPACE,
    who: 'device',
    event: 'startRecognition',
    payload: {},
    refusedBy: 'taskFailed',
  },
  { namespace: CALLS_NAMESPACE, who: 'user', event: 'requestCall', payload: { language: 'zh' } },
];

let server: ListeningApp;
let headers: Record<Who, Record<string, string>>;
let socketAuth: Record<Who, Record<string, string>>;
const clients = new TestSockets();

beforeAll(async () => {
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  const speech = defaultSpeechConfig();
  server = await startListeningApp(
    {
      tts: { ...speech.tts, workers: 1 },
      // configured, never reached: a refused start does not get that far
      asr: { engine: 'openai-compatible', model: 'whisper-1' },
      openai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined },
      ttsRateLimitPerMinute: LOW,
      asrRateLimitPerMinute: LOW,
    },
    {
      loginRateLimitPerMinute: LOW,
      visionRateLimitPerMinute: LOW,
      chat: { ...base.chat, ratePerMinute: LOW },
      calls: { ...base.calls, requestsPerMinute: LOW },
    },
  );
  const user = await registeredUser(server);
  const admin = await signedInAdmin(server);
  headers = { device: { deviceid: 'rate-limit-device' }, user: user.headers, admin: admin.headers };
  socketAuth = {
    device: { deviceId: 'rate-limit-socket-device', userType: 'temporary' },
    user: { token: user.token, userType: 'registered' },
    admin: { token: admin.token },
  };
});
afterAll(async () => {
  clients.closeAll();
  await server?.close();
});

describe('rate limits on everything that costs money or sends an SMS', () => {
  for (const [index, { name, endpoint, who, body, headers: own }] of COSTLY.entries()) {
    it(`${name}: ${endpoint.method} ${endpoint.path} answers 429 with the catalogue message once over`, async () => {
      for (let i = 0; i < MAX_TRIES; i++) {
        const res = await server.app.inject({
          method: endpoint.method,
          url: endpoint.path,
          headers: { ...(own?.(i) ?? headers[who]), 'content-type': 'application/json' },
          // an address of its own: limits per address must not carry over from another case
          remoteAddress: `10.0.0.${index + 1}`,
          payload: JSON.stringify(body(i)),
        });
        // a stream that started is no JSON envelope, and no refusal either
        const json = String(res.headers['content-type']).includes('json');
        const error = json ? (res.json() as { data?: { error?: string } }).data?.error : undefined;
        if (error !== 'rate_limited') continue;
        expect(i, 'the first call is never refused').toBeGreaterThan(0);
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(envelopeProblem(429, res.json(), 'zh-CN')).toBeNull();
        return;
      }
      expect.fail(`no limit met after ${MAX_TRIES} calls`);
    });
  }

  for (const { namespace, who, event, payload, before, refusedBy = 'error' } of COSTLY_EVENTS) {
    it(`${namespace} ${event}: an error event with the catalogue's rate-limit message once over`, async () => {
      const socket = await clients.open(`${server.url}${namespace}`, socketAuth[who]);
      const limited = new Promise<number>((resolve) => {
        let sent = 0;
        socket.on(refusedBy, ({ message }: { message: string }) => {
          if (isCatalogueText('errors.rate_limited', 'zh-CN', message)) resolve(sent);
        });
        const send = () => {
          // every try sent and no refusal heard: no limit
          if (sent++ >= MAX_TRIES) return void setTimeout(() => resolve(-1), 1000);
          if (before) socket.emit(...before);
          socket.emit(event, payload);
          setTimeout(send, 50);
        };
        send();
      });
      expect(await limited).toBeGreaterThan(1);
      socket.disconnect();
    });
  }
});
