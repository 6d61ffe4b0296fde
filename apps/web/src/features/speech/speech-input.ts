import {
  speechRecognitionConstructor,
  type BrowserRecognition,
  type BrowserRecognitionConstructor,
} from '../../platform/media.ts';

export interface RecognitionUpdate {
  text: string;
  isFinal: boolean;
}

/** Spec §8 browser recognition errors; no-speech and aborted are ignored. */
export type SpeechInputErrorKey =
  'recognition.micUnavailable' | 'recognition.micDenied' | 'recognition.network' | 'recognition.error';

export interface SpeechInputError {
  key: SpeechInputErrorKey;
  code: string;
}

/** Speech input: what the qa and dialogue scenes listen through. Engines: the browser's for now. */
export interface SpeechInput {
  start(): void;
  stop(): void;
  isListening(): boolean;
  onResult(listener: (update: RecognitionUpdate) => void): () => void;
  onError(listener: (error: SpeechInputError) => void): () => void;
}

export interface SpeechInputOptions {
  /** Keep listening across pauses (dialogue) instead of one phrase (qa). */
  continuous: boolean;
  lang?: string;
}

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

/**
 * webkitSpeechRecognition / SpeechRecognition. While it should be listening and the browser ends
 * the session on its own (silence, a network blip), it is restarted.
 */
export class BrowserSpeechInput implements SpeechInput {
  private recognition: BrowserRecognition | null = null;
  private wanted = false;
  private readonly resultListeners = new Set<(update: RecognitionUpdate) => void>();
  private readonly errorListeners = new Set<(error: SpeechInputError) => void>();

  constructor(
    private readonly Recognition: BrowserRecognitionConstructor,
    private readonly options: SpeechInputOptions,
  ) {}

  isListening(): boolean {
    return this.wanted;
  }

  onResult(listener: (update: RecognitionUpdate) => void): () => void {
    this.resultListeners.add(listener);
    return () => this.resultListeners.delete(listener);
  }

  onError(listener: (error: SpeechInputError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  start(): void {
    this.wanted = true;
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
        for (const listener of this.resultListeners) listener({ text, isFinal: result.isFinal });
      }
    };
    recognition.onerror = (event) => {
      if (event.error === 'no-speech' || event.error === 'aborted') return;
      if (event.error === 'not-allowed' || event.error === 'audio-capture') this.wanted = false;
      for (const listener of this.errorListeners) listener({ key: errorKey(event.error), code: event.error });
    };
    recognition.onend = () => {
      this.recognition = null;
      if (this.wanted) this.start();
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

/** The browser engine, or null when this browser cannot recognise speech. */
export function createSpeechInput(options: SpeechInputOptions): SpeechInput | null {
  const Recognition = speechRecognitionConstructor();
  return Recognition ? new BrowserSpeechInput(Recognition, options) : null;
}
