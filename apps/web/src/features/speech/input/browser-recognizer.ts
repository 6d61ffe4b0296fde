import {
  isPageVisible,
  onVisibilityChange,
  requestMicrophone,
  type BrowserRecognition,
  type BrowserRecognitionConstructor,
} from '../../../platform/media.ts';
import { RECOGNITION_QUALITY } from './recognition-quality.ts';
import {
  confidenceOf,
  InputEvents,
  type RecognitionState,
  type SpeechInput,
  type SpeechInputErrorKey,
  type SpeechInputOptions,
} from './types.ts';

/** Spec §4: while it should listen but stopped, a check every 5 s (page visible) restarts it. */
export const RECOVERY_CHECK_MS = 5_000;

/**
 * Spec §8 "Recognition": each browser error code and what it means. `unavailable`: the recognizer
 * itself cannot work here (its service unreachable, refused or without the language) although the
 * microphone may be fine, so another recognizer should take over.
 */
type ErrorClass =
  | { kind: 'ignore' }
  | { kind: 'report'; key: SpeechInputErrorKey; fatal: boolean; unavailable: boolean }
  | { kind: 'probe-microphone' };

function classifyRecognitionError(code: string): ErrorClass {
  switch (code) {
    case 'no-speech':
    case 'aborted':
      return { kind: 'ignore' };
    case 'not-allowed':
      return { kind: 'report', key: 'recognition.micDenied', fatal: true, unavailable: false };
    // Chromium also says audio-capture when its recognition service cannot be reached: the
    // microphone itself is asked before the user is blamed
    case 'audio-capture':
      return { kind: 'probe-microphone' };
    case 'network':
      return { kind: 'report', key: 'recognition.network', fatal: true, unavailable: true };
    case 'service-not-allowed':
    case 'language-not-supported':
      return { kind: 'report', key: 'speechInput.errorCode', fatal: true, unavailable: true };
    default:
      return { kind: 'report', key: 'speechInput.errorCode', fatal: false, unavailable: false };
  }
}

export interface BrowserRecognizerDeps {
  isVisible?: () => boolean;
  /** Opens and releases the microphone: true when it works (told apart from a failing service). */
  microphoneWorks?: () => Promise<boolean>;
  onVisibilityChange?: (handler: (visible: boolean) => void) => () => void;
}

/**
 * webkitSpeechRecognition / SpeechRecognition, zh-CN, the high quality config (interim results).
 * While it should be listening and the browser ends the session on its own (silence, a network
 * blip), it is restarted; a check every 5 s while the page is visible, and the page becoming
 * visible again, restart it too.
 * no-speech and aborted are ignored; a denied or missing microphone stops it.
 */
export class BrowserSpeechInput implements SpeechInput {
  private recognition: BrowserRecognition | null = null;
  private wanted = false;
  private readonly events = new InputEvents();
  private recoveryTimer: ReturnType<typeof setInterval> | null = null;
  private offVisibility: (() => void) | null = null;
  private readonly isVisible: () => boolean;
  private readonly microphoneWorks: () => Promise<boolean>;
  private readonly watchVisibility: (handler: (visible: boolean) => void) => () => void;

  constructor(
    private readonly Recognition: BrowserRecognitionConstructor,
    private readonly options: SpeechInputOptions,
    deps: BrowserRecognizerDeps = {},
  ) {
    this.isVisible = deps.isVisible ?? isPageVisible;
    this.microphoneWorks = deps.microphoneWorks ?? requestMicrophone;
    this.watchVisibility = deps.onVisibilityChange ?? onVisibilityChange;
  }

  isListening(): boolean {
    return this.wanted;
  }

  state(): RecognitionState {
    return this.events.stateWhen(this.wanted);
  }

  /** True while a browser session is actually running. */
  isRunning(): boolean {
    return this.recognition !== null;
  }

  onResult = this.events.onResult.bind(this.events);
  onError = this.events.onError.bind(this.events);

  start(): void {
    this.events.settle();
    this.wanted = true;
    this.watch();
    this.open();
  }

  private watch(): void {
    if (!this.recoveryTimer) {
      this.recoveryTimer = setInterval(() => {
        if (this.isVisible()) this.recover();
      }, RECOVERY_CHECK_MS);
    }
    if (!this.offVisibility) {
      try {
        this.offVisibility = this.watchVisibility((visible) => {
          if (visible) this.recover();
        });
      } catch {
        this.offVisibility = null;
      }
    }
  }

  private unwatch(): void {
    if (this.recoveryTimer) clearInterval(this.recoveryTimer);
    this.recoveryTimer = null;
    this.offVisibility?.();
    this.offVisibility = null;
  }

  /** Restarts the session when it should be listening but is not. */
  recover(): void {
    if (this.wanted && !this.recognition) this.open();
  }

  private open(): void {
    if (this.recognition) return;
    const recognition = new this.Recognition();
    recognition.lang = this.options.lang ?? 'zh-CN';
    recognition.continuous = this.options.continuous;
    recognition.interimResults = RECOGNITION_QUALITY.high.interimResults;
    recognition.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        const best = result?.[0];
        const text = best?.transcript.trim() ?? '';
        if (!result || !text) continue;
        // Chrome reports 0 for its interim results: 0 means "not scored", not "surely wrong"
        this.events.result({ text, confidence: confidenceOf(best?.confidence), isFinal: result.isFinal });
      }
    };
    recognition.onerror = (event) => {
      const verdict = classifyRecognitionError(event.error);
      if (verdict.kind === 'ignore') return;
      if (verdict.kind === 'report') return this.report(event.error, verdict);
      // the session is over either way: no restart loop while the microphone is being asked
      this.stopWanting();
      void this.microphoneWorks().then((works) =>
        this.report(event.error, {
          key: works ? 'speechInput.errorCode' : 'recognition.micUnavailable',
          fatal: true,
          unavailable: works,
        }),
      );
    };
    recognition.onend = () => {
      if (this.recognition === recognition) this.recognition = null;
      if (this.wanted) this.open();
    };
    this.recognition = recognition;
    try {
      recognition.start();
    } catch {
      // already started
    }
  }

  private stopWanting(): void {
    this.wanted = false;
    this.unwatch();
  }

  private report(
    code: string,
    verdict: { key: SpeechInputErrorKey; fatal: boolean; unavailable: boolean },
  ): void {
    if (verdict.fatal) this.stopWanting();
    this.events.error({
      key: verdict.key,
      code,
      recoverable: !verdict.fatal,
      ...(verdict.unavailable ? { recognizerUnavailable: true } : {}),
    });
  }

  stop(): void {
    this.events.settle();
    this.stopWanting();
    const recognition = this.recognition;
    this.recognition = null;
    if (!recognition) return;
    recognition.onresult = null;
    recognition.onend = null;
    recognition.onerror = null;
    try {
      recognition.abort();
    } catch {
      // ignore
    }
  }
}
