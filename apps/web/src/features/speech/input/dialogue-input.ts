import { InputEvents, type RecognitionState, type RecognitionUpdate, type SpeechInput } from './types.ts';

/** Spec §9: dialogue sends a final result after 10 ms. */
export const DIALOGUE_FINAL_DELAY_MS = 10;

/** Where two parts of one question meet: a space between two Latin words, nothing between Chinese. */
function joinParts(first: string, second: string): string {
  return /[A-Za-z0-9]$/.test(first) && /^[A-Za-z0-9]/.test(second) ? `${first} ${second}` : first + second;
}

/**
 * Dialogue (continuous) listening: a final result is handed over 10 ms after it came (spec §9). The
 * wait is what makes it worth having here: the dialogue acts on the first final result (it stops
 * listening and asks), so finals that come together (a browser event can carry several, and the
 * server may complete two sentences back to back) would otherwise lose all but their first part.
 * Within the 10 ms they are joined into one question, with the lowest of their confidences (a
 * question is as sure as its least sure part). Any other event first hands over the held final, so
 * the order stays as it came. A held final is still handed over after stop(): a recorder's result
 * comes after its stop, and a caller that is done unsubscribes first.
 */
export class DialogueSpeechInput implements SpeechInput {
  private readonly events = new InputEvents();
  private held: RecognitionUpdate | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly resultAfterStop?: boolean;

  constructor(private readonly inner: SpeechInput) {
    if (inner.resultAfterStop) this.resultAfterStop = true;
    inner.onResult((update) =>
      update.isFinal ? this.hold(update) : this.pass(() => this.events.result(update)),
    );
    inner.onError((error) => this.pass(() => this.events.error(error)));
  }

  onResult = this.events.onResult.bind(this.events);
  onError = this.events.onError.bind(this.events);

  start(): void {
    this.inner.start();
  }

  stop(): void {
    this.inner.stop();
  }

  isListening(): boolean {
    return this.inner.isListening();
  }

  state(): RecognitionState {
    return this.inner.state();
  }

  private hold(update: RecognitionUpdate): void {
    const held = this.held;
    this.held = held
      ? {
          text: joinParts(held.text, update.text),
          confidence: Math.min(held.confidence, update.confidence),
          isFinal: true,
        }
      : update;
    if (!held) this.timer = setTimeout(() => this.flush(), DIALOGUE_FINAL_DELAY_MS);
  }

  private flush(): void {
    clearTimeout(this.timer);
    const held = this.held;
    this.held = null;
    if (held) this.events.result(held);
  }

  private pass(deliver: () => void): void {
    this.flush();
    deliver();
  }
}
