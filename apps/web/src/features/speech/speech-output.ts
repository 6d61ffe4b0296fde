import { speechSynthesisApi } from '../../platform/media.ts';
import { useSession } from '../session/session-store.ts';

/** Routine results may be cut by newer ones; danger is what the user must hear. */
export type SpeechPriority = 'routine' | 'danger';

export interface SpeakOptions {
  priority?: SpeechPriority;
}

/** The spec's local-engine playback states (pause/resume come with the full speech service). */
export type SpeechOutputState = 'idle' | 'speaking' | 'error';

export type SpeechEvent =
  | { type: 'speechStarted'; text: string; priority: SpeechPriority; at: number }
  | { type: 'speechEnded'; text: string; at: number }
  | { type: 'speechCancelled'; at: number }
  | { type: 'speechError'; text: string; reason: string; at: number };

/** What the app speaks through. A later issue adds the cloud and native engines behind it. */
export interface SpeechOutput {
  /** Speaks `text` (a new speak cancels the current one). Resolves when done, cancelled or failed. */
  speak(text: string, options?: SpeakOptions): Promise<void>;
  /** Stops at once; the pending speak resolves. */
  cancel(): void;
  isSpeaking(): boolean;
  /** Speaks the last non-blank text again (nothing when there is none). */
  repeatLast(): Promise<void>;
  /** Subscribes to events; returns the unsubscribe. */
  onEvent(listener: (event: SpeechEvent) => void): () => void;
  state(): SpeechOutputState;
}

/** Name of the DOM event mirrored on `window` for every SpeechEvent (browser tests and the tap bench). */
export const SPEECH_DOM_EVENT = 'sfm:speech';

/** Spec §9: the browser waits 150 ms after cancelling before it speaks. */
export const CANCEL_SETTLE_MS = 150;
/** Spec §8: 'canceled' is retried once after 200 ms. */
export const CANCELED_RETRY_MS = 200;

export interface BrowserSpeechOptions {
  synth?: () => SpeechSynthesis | null;
  createUtterance?: (text: string) => SpeechSynthesisUtterance;
  rate?: () => number;
  lang?: string;
  now?: () => number;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The browser engine on window.speechSynthesis. State rules:
 *   idle --speak--> speaking --end/interrupted--> idle
 *   speaking --error (other than interrupted/canceled)--> error (the speak resolves; next speak works)
 *   speaking --canceled (first time)--> speaking (retried once after 200 ms) --canceled again--> error
 *   any --cancel()--> idle;  speaking --speak--> (cancel, wait 150 ms) speaking
 * Blank text is skipped; without the API a warning is logged and speak resolves silently.
 */
export class BrowserSpeechOutput implements SpeechOutput {
  private current: { id: number; resolve: () => void } | null = null;
  private generation = 0;
  private lastText = '';
  private status: SpeechOutputState = 'idle';
  private readonly listeners = new Set<(event: SpeechEvent) => void>();
  private readonly opts: Required<BrowserSpeechOptions>;
  private warned = false;

  constructor(options: BrowserSpeechOptions = {}) {
    this.opts = {
      synth: options.synth ?? speechSynthesisApi,
      createUtterance: options.createUtterance ?? ((text) => new SpeechSynthesisUtterance(text)),
      rate: options.rate ?? (() => useSession.getState().speechRate),
      lang: options.lang ?? 'zh-CN',
      now: options.now ?? now,
    };
  }

  state(): SpeechOutputState {
    return this.status;
  }

  isSpeaking(): boolean {
    return this.status === 'speaking';
  }

  onEvent(listener: (event: SpeechEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SpeechEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a listener's failure is not the speaker's
      }
    }
    if (typeof window !== 'undefined' && typeof CustomEvent === 'function') {
      window.dispatchEvent(new CustomEvent(SPEECH_DOM_EVENT, { detail: event }));
    }
  }

  /** Ends the current utterance's promise (it was cancelled or replaced). */
  private settleCurrent(): boolean {
    const current = this.current;
    this.current = null;
    current?.resolve();
    return current !== null;
  }

  cancel(): void {
    this.generation += 1;
    const hadSpeech = this.settleCurrent();
    const synth = this.opts.synth();
    try {
      synth?.cancel();
    } catch {
      // ignore
    }
    this.status = 'idle';
    if (hadSpeech) this.emit({ type: 'speechCancelled', at: this.opts.now() });
  }

  repeatLast(): Promise<void> {
    return this.lastText ? this.speak(this.lastText) : Promise.resolve();
  }

  async speak(text: string, options: SpeakOptions = {}): Promise<void> {
    const clean = text.trim();
    if (!clean) return;
    this.lastText = clean;
    const synth = this.opts.synth();
    if (!synth) {
      if (!this.warned) console.warn('speechSynthesis is not available: speech skipped');
      this.warned = true;
      return;
    }
    const wasBusy = this.current !== null || synth.speaking || synth.pending;
    this.cancel();
    const generation = this.generation;
    this.status = 'speaking';
    if (wasBusy) {
      await sleep(CANCEL_SETTLE_MS);
      if (generation !== this.generation) return;
    }
    await new Promise<void>((resolve) => {
      const id = generation;
      this.current = { id, resolve };
      this.utter(synth, clean, options.priority ?? 'routine', generation, true);
    });
  }

  private utter(
    synth: SpeechSynthesis,
    text: string,
    priority: SpeechPriority,
    generation: number,
    mayRetry: boolean,
  ): void {
    const stale = () => generation !== this.generation;
    const finish = (state: SpeechOutputState) => {
      if (stale()) return;
      this.status = state;
      this.settleCurrent();
      if (state === 'idle') this.status = 'idle';
    };
    const utterance = this.opts.createUtterance(text);
    utterance.lang = this.opts.lang;
    utterance.rate = this.opts.rate();
    utterance.onend = () => {
      if (stale()) return;
      this.emit({ type: 'speechEnded', text, at: this.opts.now() });
      finish('idle');
    };
    utterance.onerror = (event) => {
      if (stale()) return;
      const reason = event.error;
      if (reason === 'interrupted') {
        this.emit({ type: 'speechEnded', text, at: this.opts.now() });
        finish('idle');
        return;
      }
      if (reason === 'canceled' && mayRetry) {
        setTimeout(() => {
          if (!stale()) this.utter(synth, text, priority, generation, false);
        }, CANCELED_RETRY_MS);
        return;
      }
      console.warn(`语音合成错误: ${reason}`);
      this.emit({ type: 'speechError', text, reason, at: this.opts.now() });
      finish('error');
    };
    this.emit({ type: 'speechStarted', text, priority, at: this.opts.now() });
    try {
      synth.speak(utterance);
    } catch (error) {
      console.warn('语音合成错误:', error);
      finish('error');
    }
  }
}

/** The app-wide speaker. */
export const speechOutput: SpeechOutput = new BrowserSpeechOutput();
