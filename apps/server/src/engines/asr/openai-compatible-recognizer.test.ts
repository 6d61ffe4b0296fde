import { afterEach, describe, expect, it } from 'vitest';
import { toneWav } from '../../modules/speech/speech-test-support.ts';
import { AudioDecodeError } from './audio-decode.ts';
import { startFakeWhisper } from './fake-whisper-server.ts';
import { OpenAiCompatibleRecognizer } from './openai-compatible-recognizer.ts';
import { recognize } from './recognition-test-support.ts';

let fake: Awaited<ReturnType<typeof startFakeWhisper>> | undefined;
afterEach(async () => fake?.close());

describe('OpenAiCompatibleRecognizer', () => {
  it('posts the recording as multipart (file, model, language zh, response_format json)', async () => {
    fake = await startFakeWhisper(() => ' 你好世界 ');
    const asr = new OpenAiCompatibleRecognizer({
      baseUrl: fake.baseUrl,
      apiKey: 'local-key',
      model: 'whisper-1',
    });
    expect(await asr.transcribe(toneWav(1.5, 44_100), 'rec.wav')).toBe('你好世界');
    const call = fake.calls[0];
    expect(call?.authorization).toBe('Bearer local-key');
    expect(call?.fields).toEqual({ model: 'whisper-1', language: 'zh', response_format: 'json' });
    expect(call?.file.name).toBe('audio.wav');
    expect(call?.file.bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(call?.file.bytes.readUInt32LE(24)).toBe(16_000);
  });

  it('refuses what it cannot decode', async () => {
    fake = await startFakeWhisper(() => 'x');
    const asr = new OpenAiCompatibleRecognizer({ baseUrl: fake.baseUrl, model: 'whisper-1' });
    await expect(asr.transcribe(Buffer.from('definitely not audio'), 'a.webm')).rejects.toBeInstanceOf(
      AudioDecodeError,
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('realtime: transcribes every few seconds as interim, all of it final at finish', async () => {
    let n = 0;
    fake = await startFakeWhisper(() => ['第一段', '第二段', '尾巴'][n++] ?? '');
    const asr = new OpenAiCompatibleRecognizer({
      baseUrl: fake.baseUrl,
      model: 'whisper-1',
      chunkSeconds: 1,
    });
    const seen = await recognize(asr, (session) => {
      const second = new Uint8Array(32_000);
      session.sendPcm(second);
      session.sendPcm(second);
      session.sendPcm(second.subarray(0, 16_000));
      session.finish();
    });
    expect(seen).toEqual(['started', 'interim:第一段', 'interim:第一段第二段', 'final:第一段第二段尾巴']);
    expect(fake.calls).toHaveLength(3);
  });
});
