import { DECODE_ERROR, endpoints } from '@sfm/protocol';
import { visionConfigFromEnv } from '../../config/vision-config.ts';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavFromPcm } from '../../engines/asr/audio-decode.ts';
import { startFakeWhisper, wavFrames } from '../../../test/fakes/whisper-server.ts';
import { durationMs, scene, silence, spoken, toneWav } from '../../../test/fixtures/speech-audio.ts';
import {
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { defaultSpeechConfig } from '../../config/speech-config.ts';

const device = { deviceId: 'route-test-device', userType: 'temporary' };
const FIXTURE = '/work/shared/fixtures/audio/zh-funasr-welcome.wav';
const recording = () => (existsSync(FIXTURE) ? readFileSync(FIXTURE) : toneWav(2, 44_100));

describe('speech routes without recognition', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('POST /api/speech/recognize answers 503 asr_unavailable', async () => {
    const res = await call(
      t.app,
      endpoints.speechRecognize,
      { audio: toneWav(1).toString('base64'), filename: 'a.wav' },
      device,
    );
    expectError(res, 503, 'asr_unavailable', '语音识别服务异常');
  });

  it('needs an identity', async () => {
    const res = await call(t.app, endpoints.speechRecognize, { audio: 'AAAA', filename: 'a.wav' });
    expect(res.status).toBe(401);
  });

  it('GET /api/capabilities says embedded speech, no recognition', async () => {
    const data = expectOk(endpoints.capabilities, await call(t.app, endpoints.capabilities));
    expect(data.tts).toEqual({ engine: 'embedded', voices: ['cmn'] });
    expect(data.asr).toEqual({ engine: null, realtime: false, singleShot: false });
    // the vision engine follows the environment of the run, as the server's own start does
    expect(data.vision.engine).toBe(visionConfigFromEnv(process.env).engine);
  });
});

describe('speech routes with an OpenAI-compatible transcription server', () => {
  let t: TestApp;
  let whisper: Awaited<ReturnType<typeof startFakeWhisper>>;
  beforeAll(async () => {
    whisper = await startFakeWhisper(() => '欢迎使用');
    t = await createTestApp({
      config: {
        speech: {
          ...defaultSpeechConfig(),
          asr: { engine: 'openai-compatible', model: 'whisper-1' },
          openai: { baseUrl: whisper.baseUrl, apiKey: undefined },
          asrRateLimitPerMinute: 3,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await whisper?.close();
  });

  it('transcribes a WAV recording', async () => {
    const res = await call(
      t.app,
      endpoints.speechRecognize,
      { audio: recording().toString('base64'), filename: 'recording.wav' },
      device,
    );
    expect(expectOk(endpoints.speechRecognize, res)).toEqual({ text: '欢迎使用' });
    expect(whisper.calls[0]?.fields).toMatchObject({ model: 'whisper-1', language: 'zh' });
  });

  it('sends the words of a recording without its silent ends, and a silent one not at all', async () => {
    const uploader = { deviceId: 'route-test-trim', userType: 'temporary' };
    const words = spoken('前面有什么');
    const upload = (pcm: Uint8Array) =>
      call(
        t.app,
        endpoints.speechRecognize,
        { audio: wavFromPcm(pcm).toString('base64'), filename: 'a.wav' },
        uploader,
      );
    const before = whisper.calls.length;
    expect(expectOk(endpoints.speechRecognize, await upload(scene([silence(3_000)])))).toEqual({ text: '' });
    expect(whisper.calls).toHaveLength(before);
    const res = await upload(scene([silence(3_000), words, silence(4_000)]));
    expect(expectOk(endpoints.speechRecognize, res)).toEqual({ text: '欢迎使用' });
    const sentMs = wavFrames(whisper.calls.at(-1)?.file.bytes ?? Buffer.alloc(0)).length * 20;
    expect(sentMs).toBeLessThanOrEqual(durationMs(words) + 600);
  });

  it('answers DECODE_ERROR for audio it cannot decode', async () => {
    const res = await call(
      t.app,
      endpoints.speechRecognize,
      { audio: Buffer.from('this is not a recording at all').toString('base64'), filename: 'rec.webm' },
      device,
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ error: DECODE_ERROR });
    expect(res.body.message).toBe('音频格式不兼容，请使用 WAV');
  });

  it('answers audio_invalid for bad base64', async () => {
    const res = await call(t.app, endpoints.speechRecognize, { audio: '***', filename: 'a.wav' }, device);
    expectError(res, 400, 'audio_invalid');
  });

  it('limits recognitions per identity', async () => {
    const other = { deviceId: 'route-test-limited', userType: 'temporary' };
    const body = { audio: toneWav(0.5).toString('base64'), filename: 'a.wav' };
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, endpoints.speechRecognize, body, other)).status).toBe(200);
    expectError(await call(t.app, endpoints.speechRecognize, body, other), 429, 'rate_limited');
  });

  it('GET /api/capabilities names the recognizer', async () => {
    const data = expectOk(endpoints.capabilities, await call(t.app, endpoints.capabilities));
    expect(data.asr).toEqual({ engine: 'openai-compatible', realtime: true, singleShot: true });
  });
});
