import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSpeechInput } from '../../../../test/fakes/speech.ts';
import { DIALOGUE_FINAL_DELAY_MS, DialogueSpeechInput } from './dialogue-input.ts';
import type { RecognitionUpdate, SpeechInputError } from './types.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(inner = new FakeSpeechInput()) {
  const input = new DialogueSpeechInput(inner);
  const events: (RecognitionUpdate | SpeechInputError)[] = [];
  input.onResult((r) => events.push(r));
  input.onError((e) => events.push(e));
  return { inner, input, events };
}

describe('dialogue speech input (spec §9: a final result after 10 ms)', () => {
  it('hands a final result over 10 ms after it came; interim results at once', async () => {
    const { inner, input, events } = setup();
    expect(DIALOGUE_FINAL_DELAY_MS).toBe(10);
    input.start();
    expect(input.isListening()).toBe(true);
    inner.say('前方', false);
    expect(events).toEqual([{ text: '前方', confidence: 1, isFinal: false }]);
    inner.say('前方有什么', true, 0.9);
    await vi.advanceTimersByTimeAsync(DIALOGUE_FINAL_DELAY_MS - 1);
    expect(events).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(events.at(-1)).toEqual({ text: '前方有什么', confidence: 0.9, isFinal: true });
  });

  it('finals that come within the 10 ms are one question, as sure as its least sure part', async () => {
    const { inner, events } = setup();
    inner.say('前方有什么', true, 0.9);
    inner.say('红绿灯吗', true, 0.7);
    inner.say('what is', true, 0.8);
    inner.say('ahead', true, 0.95);
    await vi.advanceTimersByTimeAsync(DIALOGUE_FINAL_DELAY_MS);
    expect(events).toEqual([{ text: '前方有什么红绿灯吗what is ahead', confidence: 0.7, isFinal: true }]);
  });

  it('an interim result or an error first hands over the held final: the order stays', () => {
    const { inner, events } = setup();
    inner.say('第一句', true);
    inner.say('第二', false);
    inner.say('第二句', true);
    const error: SpeechInputError = { key: 'recognition.micDenied', code: 'not-allowed', recoverable: false };
    inner.fail(error);
    expect(events).toEqual([
      { text: '第一句', confidence: 1, isFinal: true },
      { text: '第二', confidence: 1, isFinal: false },
      { text: '第二句', confidence: 1, isFinal: true },
      error,
    ]);
  });

  it('stop stops the recognizer; a final already held is still handed over (a recorder answers after stop)', async () => {
    const inner = Object.assign(new FakeSpeechInput(), { resultAfterStop: true });
    const { input, events } = setup(inner);
    expect(input.resultAfterStop).toBe(true);
    expect(new DialogueSpeechInput(new FakeSpeechInput()).resultAfterStop).toBeUndefined();
    input.start();
    input.stop();
    expect(inner.listening).toBe(false);
    inner.say('录好的问题');
    await vi.advanceTimersByTimeAsync(DIALOGUE_FINAL_DELAY_MS);
    expect(events).toEqual([{ text: '录好的问题', confidence: 1, isFinal: true }]);
  });
});
