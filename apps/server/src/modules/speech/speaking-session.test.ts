import type { SynthesisOptions } from '@sfm/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../app-error.ts';
import { SynthesisError, type SpeechSynthesizer } from '../../engines/tts/speech-synthesizer.ts';
import { createLogger } from '../../logger.ts';
import { SpeakingSession } from './speaking-session.ts';

/** One chunk per character, 5 ms apart; a text containing "!" fails after its first chunk. */
class FakeSynthesizer implements SpeechSynthesizer {
  readonly name = 'embedded';
  readonly voices = ['cmn'];
  readonly spoken: { text: string; rate: number }[] = [];
  async warmUp() {}
  async close() {}
  async *stream(text: string, options: SynthesisOptions, signal: AbortSignal) {
    this.spoken.push({ text, rate: options.rate });
    for (const char of text) {
      if (signal.aborted) return;
      if (char === '!') throw new SynthesisError('engine down');
      await new Promise((resolve) => setTimeout(resolve, 5));
      yield new TextEncoder().encode(char);
    }
  }
}

function session() {
  const synthesizer = new FakeSynthesizer();
  const audio: string[] = [];
  const failures: AppError[] = [];
  const speaking = new SpeakingSession(synthesizer, createLogger('silent'), {
    audio: (chunk) => audio.push(new TextDecoder().decode(chunk)),
    failed: (error) => failures.push(error),
  });
  return { synthesizer, audio, failures, speaking };
}
const allowed = async () => null;

describe('SpeakingSession (no socket needed)', () => {
  it('speaks texts in order with the options of the last start, and counts each text once', async () => {
    const { synthesizer, audio, speaking } = session();
    let counted = 0;
    const admit = async () => (counted++, null);
    speaking.start({ rate: 2 });
    speaking.speak('ab', admit);
    speaking.speak('  ', admit);
    speaking.speak('cd', admit);
    await expect.poll(() => audio.join('')).toBe('abcd');
    expect(synthesizer.spoken).toEqual([
      { text: 'ab', rate: 2 },
      { text: 'cd', rate: 2 },
    ]);
    expect(counted).toBe(2);
  });

  it('cuts a refused text off and reports the refusal; the next text is spoken', async () => {
    const { audio, failures, speaking } = session();
    const refusal = AppError.retryLater('errors.rate_limited', 30);
    speaking.speak('x'.repeat(200), async () => refusal);
    speaking.speak('ok', allowed);
    await expect.poll(() => audio.join('').endsWith('ok')).toBe(true);
    expect(failures).toEqual([refusal]);
    expect(audio.length).toBeLessThan(20);
  });

  it('reports an engine failure as tts_failed, and nothing after a stop', async () => {
    const { audio, failures, speaking } = session();
    speaking.speak('a!', allowed);
    await expect.poll(() => failures.map((f) => f.key)).toEqual(['errors.tts_failed']);
    speaking.speak('y'.repeat(200), allowed);
    await expect.poll(() => audio.length).toBeGreaterThan(1);
    speaking.stop();
    const heard = audio.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(audio.length).toBe(heard);
  });
});
