import { cleanMarkdown } from './speech-text.ts';
import type { EngineHooks, EngineOutcome, PlaybackState, SpeechEngine } from './types.ts';

/** Puts text in the app-wide live regions: the assertive one interrupts, the polite one waits its turn. */
export type Announce = (text: string, options: { assertive: boolean }) => void;

/** A fast screen-reader pace: 8 Chinese characters, or about 20 Latin ones, a second. */
const MS_PER_CJK_CHAR = 125;
const MS_PER_OTHER_CHAR = 50;

/**
 * About how long a screen reader takes to read `text` at a brisk rate. Screen readers report no end
 * of speech, but the app must not start the microphone (dialogue, qa) or play the ding over the
 * words it just handed over: it waits this long, erring on the short side.
 */
export function readingTimeMs(text: string): number {
  let ms = 0;
  for (const char of text) {
    if (/\s/.test(char)) continue;
    ms += /\p{Script=Han}/u.test(char) ? MS_PER_CJK_CHAR : MS_PER_OTHER_CHAR;
  }
  return ms;
}

/**
 * "Speaks" by handing the text to the user's screen reader through the live regions, so the app's
 * voice and TalkBack / VoiceOver / NVDA never talk at once (ACCESSIBILITY.md). A text counts as
 * spoken after its estimated reading time; cancelling ends that wait (the screen reader itself is
 * stopped with its own gestures and keys: emptying a region would not silence it).
 */
export class ScreenReaderSpeechEngine implements SpeechEngine {
  readonly name = 'screen-reader' as const;
  private reading: { timer: ReturnType<typeof setTimeout>; settle: (o: EngineOutcome) => void } | null = null;

  constructor(
    private readonly announce: Announce,
    private readonly readingTime: (text: string) => number = readingTimeMs,
  ) {}

  available(): boolean {
    return true;
  }

  speak(text: string, hooks: EngineHooks): Promise<EngineOutcome> {
    // a screen reader would read the marks out as symbols (the native engine strips them too)
    const clean = cleanMarkdown(text);
    if (!clean) return Promise.resolve({ kind: 'done' });
    this.cancel();
    try {
      hooks.onStart();
      this.announce(clean, { assertive: hooks.priority === 'danger' });
    } catch (error) {
      return Promise.resolve({
        kind: 'failed',
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    return new Promise<EngineOutcome>((settle) => {
      const timer = setTimeout(() => {
        this.reading = null;
        settle({ kind: 'done' });
      }, this.readingTime(clean));
      this.reading = { timer, settle };
    });
  }

  cancel(): void {
    const reading = this.reading;
    if (!reading) return;
    this.reading = null;
    clearTimeout(reading.timer);
    reading.settle({ kind: 'cancelled' });
  }

  state(): PlaybackState {
    return this.reading ? 'speaking' : 'idle';
  }

  pause(): boolean {
    return false;
  }

  resume(): boolean {
    return false;
  }
}
