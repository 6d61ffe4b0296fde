import { InputEvents, type RecognitionState, type SpeechInput, type SpeechInputError } from './types.ts';

/**
 * A recognizer that hands over to the next one when it finds it cannot work here (e.g. the
 * browser's, whose service is out of reach in mainland China, hands over to the server's). With no
 * next one, it reports once that voice input is unavailable, instead of blaming the microphone.
 */
export class FallbackSpeechInput implements SpeechInput {
  private readonly events = new InputEvents();
  private current: SpeechInput;
  private unwire: () => void;
  private wanted = false;

  /**
   * @param first the preferred recognizer
   * @param onUnavailable called when `first` proves unusable: marks it so, and returns the
   *   recognizer to use instead (null when there is none)
   */
  constructor(
    first: SpeechInput,
    private readonly onUnavailable: () => SpeechInput | null,
  ) {
    this.current = first;
    this.unwire = this.wire(first);
  }

  onResult = this.events.onResult.bind(this.events);
  onError = this.events.onError.bind(this.events);

  private wire(input: SpeechInput): () => void {
    const offResult = input.onResult((update) => this.events.result(update));
    const offError = input.onError((error) => this.handleError(input, error));
    return () => {
      offResult();
      offError();
    };
  }

  private handleError(from: SpeechInput, error: SpeechInputError): void {
    if (from !== this.current) return;
    if (!error.recognizerUnavailable) return this.events.error(error);
    this.unwire();
    from.stop();
    const next = this.onUnavailable();
    if (!next) {
      this.wanted = false;
      this.events.error({ key: 'speechInput.unavailable', code: error.code, recoverable: false });
      return;
    }
    this.current = next;
    this.unwire = this.wire(next);
    if (this.wanted) next.start();
  }

  start(): void {
    this.events.settle();
    this.wanted = true;
    this.current.start();
  }

  stop(): void {
    this.events.settle();
    this.wanted = false;
    this.current.stop();
  }

  isListening(): boolean {
    return this.wanted && this.current.isListening();
  }

  /** The recognizer in use's, or 'error' once none is left to hand over to. */
  state(): RecognitionState {
    const own = this.events.stateWhen(false);
    return own === 'error' ? own : this.current.state();
  }
}
