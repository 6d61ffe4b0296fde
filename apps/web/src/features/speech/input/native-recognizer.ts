import { nativeRecognizer, type NativeRecognizer } from '../../../platform/native-speech-recognition.ts';
import {
  InputEvents,
  UNSCORED_CONFIDENCE,
  type RecognitionState,
  type SpeechInput,
  type SpeechInputOptions,
} from './types.ts';

/** Spec §9: native partial results are finalized after 1.5 s of silence. */
const NATIVE_FINALIZE_MS = 1_500;

/**
 * Android / iOS recognition through the Capacitor plugin; a partial text goes final after 1.5 s.
 * The plugin hands over texts without scores: every result is UNSCORED_CONFIDENCE.
 */
export class NativeSpeechInput implements SpeechInput {
  private readonly events = new InputEvents();
  private wanted = false;
  private partial = '';
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly options: SpeechInputOptions,
    private readonly recognizer: NativeRecognizer = nativeRecognizer,
  ) {}

  onResult = this.events.onResult.bind(this.events);
  onError = this.events.onError.bind(this.events);

  isListening(): boolean {
    return this.wanted;
  }

  state(): RecognitionState {
    return this.events.stateWhen(this.wanted);
  }

  private finalize(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const text = this.partial.trim();
    this.partial = '';
    if (text) this.events.result({ text, confidence: UNSCORED_CONFIDENCE, isFinal: true });
  }

  start(): void {
    if (this.wanted) return;
    this.events.settle();
    this.wanted = true;
    void this.open();
  }

  private async open(): Promise<void> {
    if (!(await this.recognizer.requestPermission())) {
      this.wanted = false;
      this.events.error({ key: 'recognition.micDenied', code: 'not-allowed', recoverable: false });
      return;
    }
    try {
      await this.recognizer.start(
        this.options.lang ?? 'zh-CN',
        (text) => {
          this.partial = text;
          this.events.result({ text, confidence: UNSCORED_CONFIDENCE, isFinal: false });
          if (this.timer) clearTimeout(this.timer);
          this.timer = setTimeout(() => this.finalize(), NATIVE_FINALIZE_MS);
        },
        () => {
          this.finalize();
          if (this.wanted && this.options.continuous) void this.open();
          else this.wanted = false;
        },
      );
    } catch (error) {
      this.wanted = false;
      this.events.error({ key: 'recognition.error', code: String(error), recoverable: false });
    }
  }

  stop(): void {
    this.events.settle();
    this.wanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.partial = '';
    void this.recognizer.stop().catch(() => undefined);
  }
}
