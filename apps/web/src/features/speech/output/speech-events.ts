import { SPEECH_DOM_EVENT, type SpeechEvent } from './types.ts';

/**
 * Who hears what the speaker does: the listeners the app registers, and (unless turned off) `window`
 * as `sfm:speech`, where the debug page and the browser tests read it.
 */
export class SpeechEvents {
  private readonly listeners = new Set<(event: SpeechEvent) => void>();

  constructor(private readonly domEvents: boolean) {}

  on(listener: (event: SpeechEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SpeechEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a listener's failure is not the speaker's
      }
    }
    if (this.domEvents && typeof window !== 'undefined' && typeof CustomEvent === 'function') {
      window.dispatchEvent(new CustomEvent(SPEECH_DOM_EVENT, { detail: event }));
    }
  }
}
