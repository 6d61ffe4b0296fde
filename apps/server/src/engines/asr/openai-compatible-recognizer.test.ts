import { afterEach, describe, expect, it } from 'vitest';
import { AudioDecodeError, wavFromPcm } from './audio-decode.ts';
import { HALLUCINATION, hearTones, startFakeWhisper, wavFrames } from '../../../test/fakes/whisper-server.ts';
import { OpenAiCompatibleRecognizer } from './openai-compatible-recognizer.ts';
import {
  babble,
  durationMs,
  noise,
  scene,
  silence,
  spoken,
  toneWav,
} from '../../../test/fixtures/speech-audio.ts';
import { feed, listen, type Heard } from '../../../test/harness/recognition.ts';

let fake: Awaited<ReturnType<typeof startFakeWhisper>> | undefined;
afterEach(async () => fake?.close());

async function hearingRecognizer(endpointing = {}) {
  fake = await startFakeWhisper(hearTones);
  return new OpenAiCompatibleRecognizer({ baseUrl: fake.baseUrl, model: 'whisper-1', endpointing });
}

/** Every interim is the utterance so far: a beginning of what became final, never a repetition. */
function expectInterimsLeadTo(heard: Heard[]) {
  let final = heard.length;
  for (let i = heard.length - 1; i >= 0; i--) {
    const h = heard[i];
    if (h?.kind === 'final') final = i;
    else if (h) expect(heard[final]?.text.startsWith(h.text), `"${h.text}" leads to the final`).toBe(true);
  }
}

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

  it('a recording is sent without its silent ends, and what Whisper invents is dropped', async () => {
    fake = await startFakeWhisper((call) => `${hearTones(call)}。谢谢观看。`);
    const asr = new OpenAiCompatibleRecognizer({ baseUrl: fake.baseUrl, model: 'whisper-1' });
    const words = spoken('前面有什么');
    const recording = wavFromPcm(scene([silence(2_000), words, silence(3_000)]));
    expect(await asr.transcribe(recording, 'rec.wav')).toBe('前面有什么。');
    const sentMs = wavFrames(fake.calls[0]?.file.bytes ?? Buffer.alloc(0)).length * 20;
    // the words and 300 ms on each side
    expect(sentMs).toBeGreaterThanOrEqual(durationMs(words));
    expect(sentMs).toBeLessThanOrEqual(durationMs(words) + 700);
  });

  it('a silent recording is not sent at all', async () => {
    fake = await startFakeWhisper(() => HALLUCINATION);
    const asr = new OpenAiCompatibleRecognizer({ baseUrl: fake.baseUrl, model: 'whisper-1' });
    expect(await asr.transcribe(wavFromPcm(scene([noise(4_000, 300)])), 'rec.wav')).toBe('');
    expect(fake.calls).toHaveLength(0);
  });
});

describe('OpenAiCompatibleRecognizer realtime: the end of an utterance', () => {
  it('speech then silence: exactly one resultCompleted with the words, within 2 s of the speech end', async () => {
    const asr = await hearingRecognizer();
    const run = listen(asr);
    const before = silence(600);
    const words = spoken('前面有什么', { gapMs: 0 });
    const start = await feed(run.session, scene([before, words, silence(2_500)]), { speed: 1 });
    const speechEnd = start + durationMs(before, words);
    expect(run.finals()).toEqual(['前面有什么']);
    const final = run.heard.find((h) => h.kind === 'final');
    expect((final?.at ?? Infinity) - speechEnd).toBeLessThan(2_000);
    expectInterimsLeadTo(run.heard);
    run.session.finish();
    await run.done;
    expect(run.finals()).toEqual(['前面有什么']);
  });

  it('goes on listening: each utterance of a continuous session is a result of its own', async () => {
    const asr = await hearingRecognizer();
    const run = listen(asr);
    await feed(
      run.session,
      scene([silence(500), spoken('前面有什么'), silence(2_000), spoken('左边是一扇门'), silence(1_500)]),
    );
    run.session.finish();
    await run.done;
    expect(run.finals()).toEqual(['前面有什么', '左边是一扇门']);
    expectInterimsLeadTo(run.heard);
  });

  it.each([
    ['a quiet room', () => scene([silence(60_000)])],
    ['a steady fan', () => scene([noise(60_000, 2_000)])],
  ])('a minute of %s: not one request, no result', async (_, minute) => {
    const asr = await hearingRecognizer();
    const run = listen(asr);
    await feed(run.session, minute());
    run.session.finish();
    await run.done;
    expect(fake?.calls).toHaveLength(0);
    expect(run.heard).toEqual([]);
  });

  it('noise bursts that pass the gate are sent, but what Whisper invents on them is dropped', async () => {
    const asr = await hearingRecognizer();
    const run = listen(asr);
    const knock = () => [silence(2_000), noise(500, 4_000, Math.random() * 1e9)];
    await feed(run.session, scene([...knock(), ...knock(), ...knock(), silence(2_000)]));
    run.session.finish();
    await run.done;
    expect(fake?.calls.length).toBeGreaterThan(0);
    expect(fake?.calls.map(hearTones).every((text) => text === HALLUCINATION)).toBe(true);
    expect(run.heard).toEqual([]);
  });

  it('words across the edges of the interim windows are neither lost nor doubled', async () => {
    const asr = await hearingRecognizer();
    const run = listen(asr);
    // 4.5 s without a pause: every interim request ends inside a syllable
    const text = '前面有什么左边是一扇门右边是楼梯请问这多少钱';
    await feed(
      run.session,
      scene([silence(300), spoken(text, { syllableMs: 150, gapMs: 50 }), silence(1_500)]),
      {
        speed: 8,
      },
    );
    run.session.finish();
    await run.done;
    expect(run.finals()).toEqual([text]);
    expect(run.heard.filter((h) => h.kind === 'interim').length).toBeGreaterThan(2);
    expectInterimsLeadTo(run.heard);
  });

  it('a long utterance closed in segments at its pauses is one result, no word lost or doubled', async () => {
    const asr = await hearingRecognizer({ segmentMs: 1_000 });
    const run = listen(asr);
    await feed(
      run.session,
      scene([
        silence(300),
        spoken('前面有什么'),
        silence(500),
        spoken('左边是一扇门'),
        silence(500),
        spoken('右边是楼梯'),
        silence(1_500),
      ]),
      { speed: 8 },
    );
    run.session.finish();
    await run.done;
    expect(run.finals()).toEqual(['前面有什么左边是一扇门右边是楼梯']);
    // each segment was sent on its own: no request holds all three
    expect(fake?.calls.map(hearTones)).not.toContain('前面有什么左边是一扇门右边是楼梯');
    expectInterimsLeadTo(run.heard);
  });

  it('ends the utterance when its text stops changing though the room stays loud', async () => {
    const asr = await hearingRecognizer();
    const run = listen(asr);
    await feed(run.session, scene([silence(500), spoken('前面有什么'), babble(8_000, 3_000)]), { speed: 8 });
    // before any stop: the chatter around never went quiet
    expect(run.finals()).toEqual(['前面有什么']);
    run.session.finish();
    await run.done;
    expect(run.finals()).toEqual(['前面有什么']);
  });

  it('stopped mid-sentence: what was said is final, then the task completes', async () => {
    const asr = await hearingRecognizer();
    const run = listen(asr);
    await feed(run.session, scene([silence(300), spoken('前面有什么')]));
    run.session.finish();
    await run.done;
    expect(run.finals()).toEqual(['前面有什么']);
  });

  it('a failing transcription server fails the task', async () => {
    const asr = new OpenAiCompatibleRecognizer({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' });
    const run = listen(asr);
    await feed(run.session, scene([spoken('前面有什么'), silence(1_500)]));
    await expect(run.done).rejects.toThrow(/transcription server unreachable/);
  });
});
