import type { EngineOutcome, PlaybackState, SpeechEngine } from './types.ts';

/** The last resort (spec §8): says nothing, never fails. */
export class SilentSpeechEngine implements SpeechEngine {
  readonly name = 'silent' as const;
  available(): boolean {
    return true;
  }
  speak(): Promise<EngineOutcome> {
    return Promise.resolve({ kind: 'done' });
  }
  cancel(): void {}
  state(): PlaybackState {
    return 'idle';
  }
  pause(): boolean {
    return false;
  }
  resume(): boolean {
    return false;
  }
}
