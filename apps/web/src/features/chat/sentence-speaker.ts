/**
 * Speaks an answer while it streams, sentence by sentence: each sentence is handed to the speech
 * output as soon as it is complete, so the voice starts after the first sentence, not the whole
 * answer. Sentences wait their turn here (the speech output itself lets a new text cut the old).
 * Anything else said meanwhile, or a cancel, ends this answer's speech.
 */
import { cleanMarkdown, type SpeechEvent, type SpeechOutput } from '../speech/index.ts';

/** Marks that end a sentence at once; a '.' ends one only before a space (not 3.5 or a URL). */
const ALWAYS_ENDS = /[。！？!?；;\n]/;
const ENDS_BEFORE_SPACE = /[.:：]/;

/** The index just past the last complete sentence of `text` (0 when there is none yet). */
export function completeSentencesEnd(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    const char = text.charAt(i);
    if (ALWAYS_ENDS.test(char)) return i + 1;
    if (ENDS_BEFORE_SPACE.test(char) && i + 1 < text.length && /\s/.test(text.charAt(i + 1))) return i + 1;
  }
  return 0;
}

export class SentenceSpeaker {
  private pending = '';
  private readonly queue: string[] = [];
  private speaking: string | null = null;
  private stopped = false;
  private readonly off: () => void;

  constructor(private readonly output: SpeechOutput) {
    this.off = output.onEvent((event) => this.onSpeechEvent(event));
  }

  /** More of the answer arrived: its complete sentences are queued to be said. */
  push(text: string): void {
    if (this.stopped) return;
    this.pending += text;
    const end = completeSentencesEnd(this.pending);
    if (end === 0) return;
    this.enqueue(this.pending.slice(0, end));
    this.pending = this.pending.slice(end);
  }

  /** The answer is complete: what is left is the last sentence. */
  finish(): void {
    if (this.stopped) return;
    this.enqueue(this.pending);
    this.pending = '';
  }

  /** Stops this answer's speech at once (the user pressed stop, spoke, or asked again). */
  stop(): void {
    if (this.stopped) return;
    this.halt();
    if (this.speaking !== null) this.output.cancel();
  }

  /** Whether this answer still has something being said or waiting. */
  isActive(): boolean {
    return !this.stopped && (this.speaking !== null || this.queue.length > 0);
  }

  private halt(): void {
    this.stopped = true;
    this.queue.length = 0;
    this.pending = '';
    this.off();
  }

  private enqueue(text: string): void {
    const spoken = cleanMarkdown(text).trim();
    if (!spoken) return;
    this.queue.push(spoken);
    if (this.speaking === null) void this.sayNext();
  }

  private async sayNext(): Promise<void> {
    const next = this.queue.shift();
    if (next === undefined || this.stopped) return;
    this.speaking = next;
    await this.output.speak(next);
    this.speaking = null;
    await this.sayNext();
  }

  /** Another text started, or everything was cancelled: this answer has been interrupted. */
  private onSpeechEvent(event: SpeechEvent): void {
    if (this.stopped) return;
    const interrupted =
      event.type === 'speechCancelled' || (event.type === 'speechStarted' && event.text !== this.speaking);
    if (interrupted) this.halt();
  }
}
