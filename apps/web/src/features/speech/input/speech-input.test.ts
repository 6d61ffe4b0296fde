import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserRecognition, BrowserRecognitionConstructor } from '../../../platform/media.ts';
import { BrowserSpeechInput, RECOVERY_CHECK_MS } from './browser-recognizer.ts';
import { selectRecognitionProvider, type ProviderFacts } from './select-provider.ts';
import {
  MAX_QUESTION_MS,
  MIN_RECORDING_MS,
  recognizeRecording,
  SingleShotRecognizer,
  SingleShotSpeechInput,
  type RecognizeCall,
} from './single-shot.ts';
import { RECOGNITION_QUALITY } from './recognition-quality.ts';
import { UNSCORED_CONFIDENCE, type RecognitionUpdate, type SpeechInputError } from './types.ts';
import { pickRecorderMime } from '../../../platform/audio-capture.ts';
import { en } from '../../../i18n/en.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('recognition provider selection (spec §5)', () => {
  const facts = (over: Partial<ProviderFacts>): ProviderFacts => ({
    speechEngine: 'other',
    mseMpeg: true,
    isNative: false,
    hasBrowserRecognizer: true,
    serverRealtimeAsr: null,
    ...over,
  });
  it('cloud + MSE → cloud realtime (unless the server says it has no ASR)', () => {
    expect(selectRecognitionProvider(facts({ speechEngine: 'cloud' }))).toBe('cloud-mse');
    expect(selectRecognitionProvider(facts({ speechEngine: 'cloud', serverRealtimeAsr: true }))).toBe(
      'cloud-mse',
    );
    expect(selectRecognitionProvider(facts({ speechEngine: 'cloud', mseMpeg: false }))).toBe('browser');
    expect(selectRecognitionProvider(facts({ speechEngine: 'cloud', serverRealtimeAsr: false }))).toBe(
      'browser',
    );
  });
  it("'native' only on a native platform", () => {
    expect(selectRecognitionProvider(facts({ speechEngine: 'native' }))).toBe('browser');
    expect(selectRecognitionProvider(facts({ speechEngine: 'native', isNative: true }))).toBe('native');
  });
  it('auto: the browser recognizer; without one the cloud when the server has ASR; else none', () => {
    expect(selectRecognitionProvider(facts({}))).toBe('browser');
    expect(selectRecognitionProvider(facts({ hasBrowserRecognizer: false, serverRealtimeAsr: true }))).toBe(
      'cloud-realtime',
    );
    expect(selectRecognitionProvider(facts({ hasBrowserRecognizer: false, serverRealtimeAsr: false }))).toBe(
      'none',
    );
    expect(selectRecognitionProvider(facts({ hasBrowserRecognizer: false }))).toBe('none');
  });
  it('where nothing streams but the server recognises uploads: record, then upload', () => {
    expect(
      selectRecognitionProvider(
        facts({ hasBrowserRecognizer: false, serverRealtimeAsr: false, serverSingleShotAsr: true }),
      ),
    ).toBe('cloud-single');
    // streaming is preferred where there is any
    expect(selectRecognitionProvider(facts({ serverSingleShotAsr: true }))).toBe('browser');
  });
});

class FakeRecognition implements BrowserRecognition {
  static made: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: BrowserRecognition['onresult'] = null;
  onerror: BrowserRecognition['onerror'] = null;
  onend: (() => void) | null = null;
  started = 0;
  constructor() {
    FakeRecognition.made.push(this);
  }
  start() {
    this.started += 1;
  }
  stop() {}
  abort() {}
}

describe('browser recognizer', () => {
  function setup(visible = true, microphoneWorks = true) {
    FakeRecognition.made = [];
    let onVisible: ((v: boolean) => void) | null = null;
    const input = new BrowserSpeechInput(
      FakeRecognition as unknown as BrowserRecognitionConstructor,
      { continuous: true },
      {
        isVisible: () => visible,
        onVisibilityChange: (h) => {
          onVisible = h;
          return () => (onVisible = null);
        },
        microphoneWorks: () => Promise.resolve(microphoneWorks),
      },
    );
    const results: RecognitionUpdate[] = [];
    const errors: SpeechInputError[] = [];
    input.onResult((r) => results.push(r));
    input.onError((e) => errors.push(e));
    return { input, results, errors, becomeVisible: () => onVisible?.(true) };
  }

  it('zh-CN, continuous, interim; passes results on with their confidence', () => {
    const { input, results } = setup();
    input.start();
    const r = FakeRecognition.made[0]!;
    expect(r).toMatchObject({ lang: 'zh-CN', continuous: true, interimResults: true });
    r.onresult?.({
      resultIndex: 0,
      results: { length: 1, 0: { isFinal: true, length: 1, 0: { transcript: ' 你好 ', confidence: 0.87 } } },
    });
    expect(results).toEqual([{ text: '你好', confidence: 0.87, isFinal: true }]);
  });

  it('follows the high quality config; a 0 score (Chrome interim results) is "not scored"', () => {
    const { input, results } = setup();
    input.start();
    const r = FakeRecognition.made[0]!;
    expect(r.interimResults).toBe(RECOGNITION_QUALITY.high.interimResults);
    r.onresult?.({
      resultIndex: 0,
      results: { length: 1, 0: { isFinal: false, length: 1, 0: { transcript: '你', confidence: 0 } } },
    });
    expect(results).toEqual([{ text: '你', confidence: UNSCORED_CONFIDENCE, isFinal: false }]);
  });

  it('no-speech and aborted are ignored; not-allowed stops and blames the permission', () => {
    const { input, errors } = setup();
    expect(input.state()).toBe('idle');
    input.start();
    expect(input.state()).toBe('listening');
    const r = FakeRecognition.made[0]!;
    r.onerror?.({ error: 'no-speech' });
    r.onerror?.({ error: 'aborted' });
    expect(errors).toEqual([]);
    r.onerror?.({ error: 'not-allowed' });
    expect(errors.at(-1)).toMatchObject({ key: 'recognition.micDenied', recoverable: false });
    expect(errors.at(-1)?.recognizerUnavailable).toBeUndefined();
    expect(input.isListening()).toBe(false);
    expect(input.state()).toBe('error');
  });

  it.each([
    ['network', 'recognition.network'],
    ['service-not-allowed', 'speechInput.errorCode'],
    ['language-not-supported', 'speechInput.errorCode'],
  ])('%s: the recognizer cannot work here (its message, never the microphone)', (code, key) => {
    const { input, errors } = setup();
    input.start();
    FakeRecognition.made[0]!.onerror?.({ error: code });
    expect(errors).toEqual([{ key, code, recoverable: false, recognizerUnavailable: true }]);
    expect(input.isListening()).toBe(false);
  });

  it('audio-capture blames the microphone only when the microphone really fails to open', async () => {
    const broken = setup(true, false);
    broken.input.start();
    FakeRecognition.made[0]!.onerror?.({ error: 'audio-capture' });
    expect(broken.input.isListening()).toBe(false);
    await vi.waitFor(() => expect(broken.errors).toHaveLength(1));
    expect(broken.errors[0]).toMatchObject({ key: 'recognition.micUnavailable', recoverable: false });

    const fine = setup(true, true);
    fine.input.start();
    FakeRecognition.made[0]!.onerror?.({ error: 'audio-capture' });
    await vi.waitFor(() => expect(fine.errors).toHaveLength(1));
    expect(fine.errors[0]).toMatchObject({ key: 'speechInput.errorCode', recognizerUnavailable: true });
  });

  it('an unknown error code is reported with its code and listening goes on', () => {
    const { input, errors } = setup();
    input.start();
    FakeRecognition.made[0]!.onerror?.({ error: 'bad-grammar' });
    expect(errors).toEqual([{ key: 'speechInput.errorCode', code: 'bad-grammar', recoverable: true }]);
    expect(input.isListening()).toBe(true);
  });

  it('restarts on end; the 5 s check and becoming visible restart a session that died silently', () => {
    const { input, becomeVisible } = setup();
    input.start();
    FakeRecognition.made[0]!.onend?.();
    expect(FakeRecognition.made).toHaveLength(2);
    // a session that vanished without onend
    (input as unknown as { recognition: null }).recognition = null;
    vi.advanceTimersByTime(RECOVERY_CHECK_MS);
    expect(FakeRecognition.made).toHaveLength(3);
    (input as unknown as { recognition: null }).recognition = null;
    becomeVisible();
    expect(FakeRecognition.made).toHaveLength(4);
    input.stop();
    vi.advanceTimersByTime(RECOVERY_CHECK_MS * 3);
    expect(FakeRecognition.made).toHaveLength(4);
  });

  it('the 5 s check does nothing while the page is hidden', () => {
    const { input } = setup(false);
    input.start();
    (input as unknown as { recognition: null }).recognition = null;
    vi.advanceTimersByTime(RECOVERY_CHECK_MS * 2);
    expect(FakeRecognition.made).toHaveLength(1);
  });
});

describe('single-shot recognition', () => {
  const rec = (size: number, durationMs: number) => ({
    blob: new Blob([new Uint8Array(size)], { type: 'audio/webm' }),
    durationMs,
    mimeType: 'audio/webm;codecs=opus',
  });
  it('drops recordings under 1200 ms and empty ones', async () => {
    const call = vi.fn<RecognizeCall>();
    expect(await recognizeRecording(rec(100, MIN_RECORDING_MS - 1), call)).toEqual({ kind: 'discarded' });
    expect(await recognizeRecording(rec(0, 5_000), call)).toEqual({ kind: 'discarded' });
    expect(call).not.toHaveBeenCalled();
  });
  it('uploads {audio, filename} and maps the answers', async () => {
    vi.useRealTimers();
    const call = vi.fn<RecognizeCall>(async () => ({ ok: true, data: { text: ' 你好 ' } }));
    expect(await recognizeRecording(rec(10, 2_000), call)).toEqual({ kind: 'text', text: '你好' });
    expect(call.mock.calls[0]![0]).toEqual({ audio: btoa('\0'.repeat(10)), filename: 'recording.webm' });
    call.mockResolvedValueOnce({ ok: true, data: { text: '  ' } });
    expect(await recognizeRecording(rec(10, 2_000), call)).toMatchObject({
      error: { key: 'speechInput.noText' },
    });
    call.mockResolvedValueOnce({ ok: false, message: 'x', data: { error: 'DECODE_ERROR' } });
    expect(await recognizeRecording(rec(10, 2_000), call)).toMatchObject({
      error: { key: 'speechInput.decodeError' },
    });
  });
  it('recorder mime preference: webm opus, mp4, aac, mpeg', () => {
    expect(pickRecorderMime(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecorderMime((m) => m === 'audio/aac' || m === 'audio/mpeg')).toBe('audio/aac');
    expect(pickRecorderMime(() => false)).toBe('');
  });
});

describe('single-shot speech input (a recorder where nothing streams)', () => {
  function recorderInput(answer: Awaited<ReturnType<RecognizeCall>>) {
    const stopped = vi.fn(async () => ({
      blob: new Blob([new Uint8Array(64)], { type: 'audio/webm' }),
      durationMs: 2_500,
      mimeType: 'audio/webm',
    }));
    const recognize = vi.fn<RecognizeCall>(async () => answer);
    const input = new SingleShotSpeechInput(
      new SingleShotRecognizer(async () => ({ stop: stopped }), recognize),
    );
    const results: RecognitionUpdate[] = [];
    const errors: SpeechInputError[] = [];
    input.onResult((r) => results.push(r));
    input.onError((e) => errors.push(e));
    return { input, results, errors, recognize, stopped };
  }

  it('records from start to stop, then hands the recognised text over as one final result', async () => {
    const { input, results, recognize } = recorderInput({ ok: true, data: { text: '这个药一次吃几粒' } });
    expect(input.resultAfterStop).toBe(true);
    input.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(input.isListening()).toBe(true);
    input.stop();
    await vi.waitFor(() =>
      expect(results).toEqual([{ text: '这个药一次吃几粒', confidence: 1, isFinal: true }]),
    );
    expect(recognize).toHaveBeenCalledTimes(1);
    expect(input.isListening()).toBe(false);
  });

  it('goes through the spec’s states: idle, recording, then idle with a result or error after a failure', async () => {
    const ok = recorderInput({ ok: true, data: { text: '几点了' } });
    expect(ok.input.state()).toBe('idle');
    ok.input.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(ok.input.state()).toBe('recording');
    ok.input.stop();
    await vi.waitFor(() => expect(ok.results).toHaveLength(1));
    expect(ok.input.state()).toBe('idle');
    const failing = recorderInput({ ok: true, data: { text: ' ' } });
    failing.input.start();
    await vi.advanceTimersByTimeAsync(0);
    failing.input.stop();
    await vi.waitFor(() => expect(failing.errors).toHaveLength(1));
    expect(failing.input.state()).toBe('error');
    // a new try is a new state
    failing.input.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.input.state()).toBe('recording');
  });

  it('an upload that fails on the network is "recognition failed" (spec §8), and no result', async () => {
    expect(en.speechInput.failed).toBe('Recognition failed');
    const { input, results, errors, recognize } = recorderInput({ ok: true, data: { text: '不会到这里' } });
    recognize.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    input.start();
    await vi.advanceTimersByTimeAsync(0);
    input.stop();
    await vi.waitFor(() =>
      expect(errors).toEqual([{ key: 'speechInput.failed', code: 'network', recoverable: false }]),
    );
    expect(recognize).toHaveBeenCalledTimes(1);
    expect(results).toEqual([]);
    expect(input.isListening()).toBe(false);
  });

  it(`stops by itself after ${MAX_QUESTION_MS / 1000} s, and says when nothing was recognised`, async () => {
    const { input, errors, stopped } = recorderInput({ ok: true, data: { text: ' ' } });
    input.start();
    await vi.advanceTimersByTimeAsync(MAX_QUESTION_MS);
    expect(stopped).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(errors).toMatchObject([{ key: 'speechInput.noText', recoverable: false }]));
  });
});
