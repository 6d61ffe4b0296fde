import { describe, expect, it } from 'vitest';
import { CloudRealtimeSpeechInput } from './input/cloud-realtime.ts';
import { DialogueSpeechInput } from './input/dialogue-input.ts';
import { SingleShotSpeechInput } from './input/single-shot.ts';
import { createSpeechInput } from './speech-input.ts';

describe('createSpeechInput', () => {
  it('dialogue (continuous) listening hands its finals over after 10 ms; one phrase (qa) at once', () => {
    const dialogue = createSpeechInput({ continuous: true }, 'cloud-realtime');
    expect(dialogue).toBeInstanceOf(DialogueSpeechInput);
    expect(createSpeechInput({ continuous: false }, 'cloud-realtime')).toBeInstanceOf(
      CloudRealtimeSpeechInput,
    );
    // a recorder stays one: its answer after stop() still reaches the dialogue
    expect(createSpeechInput({ continuous: true }, 'cloud-single')?.resultAfterStop).toBe(true);
    expect(createSpeechInput({ continuous: false }, 'cloud-single')).toBeInstanceOf(SingleShotSpeechInput);
    expect(createSpeechInput({ continuous: true }, 'none')).toBeNull();
  });
});
