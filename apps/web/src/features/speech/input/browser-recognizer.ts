import {
  isPageVisible,
  onVisibilityChange,
  type BrowserRecognition,
  type BrowserRecognitionConstructor,
} from '../../../platform/media.ts';
import { InputEvents, type SpeechInput, type SpeechInputErrorKey, type SpeechInputOptions } from './types.ts';

/** Spec §4: while it should listen but stopped, a check every 5 s (page visible) restarts it. */
export const RECOVERY_CHECK_MS = 5_000;

function errorKey(code: string): SpeechInputErrorKey {
  switch (code) {
    case 'audio-capture':
      return 'recognition.micUnavailable';
    case 'not-allowed':
    case 'service-not-allowed':
      return 'recognition.micDenied';
    case 'network':
      return 'recognition.network';
    default:
      return 'recognition.error';
  }
}

export interface BrowserRecognizerDeps {
  isVisible?: () => boolean;
  onVisibilityChange?: (handler: (visible: boolean) => void) => () => void;
}

/**
 * webkitSpeechRecognition / SpeechRecognition, zh-CN, interim results. While it should be listening
 * and the browser ends the session on its own (silence, a network blip), it is restarted; a check
 * every 5 s while the page is visible, and the page becoming visible again, restart it too.
 * no-speech and aborted are ignored; a denied or missing microphone stops it.
 */
export class BrowserSpeechInput implements SpeechInput {
  private recognition: BrowserRecognition | null = null;
  private wanted = false;
  private readonly events = new InputEvents();
  private recoveryTimer: ReturnType<typeof setInterval> | null = null;
  private offVisibility: (() => void) | null = null;
  private readonly isVisible: () => boolean;
  private readonly watchVisibility: (handler: (visible: boolean) => void) => () => void;

  constructor(
    private readonly Recognition: BrowserRecognitionConstructor,
    private readonly options: SpeechInputOptions,
    deps: BrowserRecognizerDeps = {},
  ) {
    this.isVisible = deps.isVisible ?? isPageVisible;
    this.watchVisibility = deps.onVisibilityChange ?? onVisibilityChange;
  }

  isListening(): boolean {
    return this.wanted;
  }

  /** True while a browser session is actually running. */
  isRunning(): boolean {
    return this.recognition !== null;
  }

  onResult = this.events.onResult.bind(this.events);
  onError = this.events.onError.bind(this.events);

  start(): void {
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
    recognition.interimResults = true;
    recognition.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        const text = result?.[0]?.transcript.trim() ?? '';
        if (!result || !text) continue;
        this.events.result({ text, isFinal: result.isFinal });
      }
    };
    recognition.onerror = (event) => {
      if (event.error === 'no-speech' || event.error === 'aborted') return;
      const fatal =
        event.error === 'not-allowed' ||
        event.error === 'audio-capture' ||
        event.error === 'service-not-allowed';
      if (fatal) {
        this.wanted = false;
        this.unwatch();
      }
      this.events.error({ key: errorKey(event.error), code: event.error, recoverable: !fatal });
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

  stop(): void {
    this.wanted = false;
    this.unwatch();
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
