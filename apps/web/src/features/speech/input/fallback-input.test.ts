import { describe, expect, it, vi } from 'vitest';
import { FakeSpeechInput } from '../../../../test/fakes/speech.ts';
import { FallbackSpeechInput } from './fallback-input.ts';
import type { RecognitionUpdate, SpeechInputError } from './types.ts';

function setup(next: FakeSpeechInput | null) {
  const first = new FakeSpeechInput();
  const onUnavailable = vi.fn(() => next);
  const input = new FallbackSpeechInput(first, onUnavailable);
  const results: RecognitionUpdate[] = [];
  const errors: SpeechInputError[] = [];
  input.onResult((r) => results.push(r));
  input.onError((e) => errors.push(e));
  return { first, input, results, errors, onUnavailable };
}

const unusable: SpeechInputError = {
  key: 'recognition.network',
  code: 'network',
  recoverable: false,
  recognizerUnavailable: true,
};

describe('fallback speech input', () => {
  it('passes results and ordinary errors of the first recognizer on', () => {
    const { first, input, results, errors } = setup(null);
    input.start();
    first.say('你好');
    first.fail({ key: 'recognition.micDenied', code: 'not-allowed', recoverable: false });
    expect(results).toEqual([{ text: '你好', confidence: 1, isFinal: true }]);
    expect(errors).toEqual([{ key: 'recognition.micDenied', code: 'not-allowed', recoverable: false }]);
  });

  it('hands over to the next recognizer, listening, when the first cannot work here', () => {
    const next = new FakeSpeechInput();
    const { first, input, results, errors, onUnavailable } = setup(next);
    input.start();
    first.fail(unusable);
    expect(onUnavailable).toHaveBeenCalledOnce();
    expect(first.listening).toBe(false);
    expect(next.listening).toBe(true);
    expect(errors).toEqual([]);
    first.say('旧的');
    next.say('前面有什么');
    expect(results).toEqual([{ text: '前面有什么', confidence: 1, isFinal: true }]);
    input.stop();
    expect(next.listening).toBe(false);
  });

  it('with no next recognizer, says voice input is unavailable (never the microphone)', () => {
    const { first, input, errors } = setup(null);
    input.start();
    first.fail(unusable);
    expect(errors).toEqual([{ key: 'speechInput.unavailable', code: 'network', recoverable: false }]);
    expect(input.isListening()).toBe(false);
    expect(input.state()).toBe('error');
  });

  it('its state is the recognizer in use’s', () => {
    const next = new FakeSpeechInput();
    const { first, input } = setup(next);
    expect(input.state()).toBe('idle');
    input.start();
    expect(input.state()).toBe('listening');
    first.fail(unusable);
    expect(input.state()).toBe('listening');
    input.stop();
    expect(input.state()).toBe('idle');
  });
});
