import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NativeRecognizer } from '../../../platform/native-speech-recognition.ts';
import { NativeSpeechInput } from './native-recognizer.ts';
import type { RecognitionUpdate, SpeechInputError } from './types.ts';

/** The Capacitor speech recognition plugin as the tests script it: partial texts, then a stop. */
function fakeRecognizer(over: Partial<NativeRecognizer> = {}) {
  const session: { partial?: (text: string) => void; stopped?: () => void; starts: number } = { starts: 0 };
  const recognizer: NativeRecognizer = {
    available: () => true,
    requestPermission: async () => true,
    start: async (_lang, onPartial, onStopped) => {
      session.starts += 1;
      session.partial = onPartial;
      session.stopped = onStopped;
    },
    stop: async () => undefined,
    ...over,
  };
  return { recognizer, session };
}
function listen(input: NativeSpeechInput) {
  const results: RecognitionUpdate[] = [];
  const errors: SpeechInputError[] = [];
  input.onResult((r) => results.push(r));
  input.onError((e) => errors.push(e));
  return { results, errors };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('native speech input (Android / iOS)', () => {
  it('partial results, then 1.5 s of silence: the last partial becomes final (spec §9)', async () => {
    const { recognizer, session } = fakeRecognizer();
    const input = new NativeSpeechInput({ continuous: false }, recognizer);
    const { results } = listen(input);
    input.start();
    await vi.advanceTimersByTimeAsync(0);
    session.partial?.('前面');
    session.partial?.('前面有什么');
    await vi.advanceTimersByTimeAsync(1_499);
    expect(results.filter((r) => r.isFinal)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(results.at(-1)).toEqual({ text: '前面有什么', confidence: 1, isFinal: true });
  });

  it('a refused microphone says so and stops; a start that throws is a recognition error', async () => {
    const denied = new NativeSpeechInput(
      { continuous: false },
      fakeRecognizer({ requestPermission: async () => false }).recognizer,
    );
    const d = listen(denied);
    denied.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(d.errors).toMatchObject([{ key: 'recognition.micDenied', recoverable: false }]);
    expect(denied.isListening()).toBe(false);
    // spec §4's states: error after the failure, idle once stopped
    expect(denied.state()).toBe('error');
    denied.stop();
    expect(denied.state()).toBe('idle');
    const broken = new NativeSpeechInput(
      { continuous: false },
      fakeRecognizer({ start: () => Promise.reject(new Error('busy')) }).recognizer,
    );
    const b = listen(broken);
    broken.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.errors).toMatchObject([{ key: 'recognition.error', recoverable: false }]);
  });

  it('dialogue (continuous) starts again when the platform stops; a phrase (qa) does not', async () => {
    const continuous = fakeRecognizer();
    const dialogue = new NativeSpeechInput({ continuous: true }, continuous.recognizer);
    dialogue.start();
    await vi.advanceTimersByTimeAsync(0);
    continuous.session.stopped?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(continuous.session.starts).toBe(2);
    const once = fakeRecognizer();
    const qa = new NativeSpeechInput({ continuous: false }, once.recognizer);
    qa.start();
    await vi.advanceTimersByTimeAsync(0);
    once.session.stopped?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(once.session.starts).toBe(1);
    expect(qa.isListening()).toBe(false);
  });
});
