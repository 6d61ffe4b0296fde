import { speechSynthesisApi } from '../../../platform/media.ts';
import { estimateSpeechMs } from './speech-text.ts';
import type { EngineHooks, EngineOutcome, PlaybackState, SpeechEngine } from './types.ts';

/** Spec §9: the browser waits 150 ms after cancelling before it speaks. */
export const CANCEL_SETTLE_MS = 150;
/** Spec §8: 'canceled' is retried once after 200 ms. */
export const CANCELED_RETRY_MS = 200;

export type PlaybackAction = 'speak' | 'end' | 'fail' | 'pause' | 'resume' | 'cancel';

/**
 * The spec's local playback machine (§4) as a table: what each action leads to from each state.
 * A missing entry is a refused transition (pause only while speaking, resume only from paused).
 */
export const PLAYBACK_TRANSITIONS: Readonly<
  Record<PlaybackState, Readonly<Partial<Record<PlaybackAction, PlaybackState>>>>
> = {
  idle: { speak: 'speaking', cancel: 'idle' },
  speaking: { speak: 'speaking', end: 'idle', fail: 'error', pause: 'paused', cancel: 'idle' },
  paused: { speak: 'speaking', resume: 'speaking', cancel: 'idle', end: 'idle', fail: 'error' },
  error: { speak: 'speaking', cancel: 'idle' },
};

/** The next state, or null when the table refuses the action. */
export function nextPlaybackState(state: PlaybackState, action: PlaybackAction): PlaybackState | null {
  return PLAYBACK_TRANSITIONS[state][action] ?? null;
}

export interface BrowserEngineOptions {
  synth?: () => SpeechSynthesis | null;
  createUtterance?: (text: string) => SpeechSynthesisUtterance;
  rate?: () => number;
  /** The speech volume, 0–1, read for each text. */
  volume?: () => number;
  lang?: string;
  /** Safety net: a speak that never ends is given up after this long (default: from text length). */
  timeoutMs?: (text: string, rate: number) => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** window.speechSynthesis behind the engine interface, driven by PLAYBACK_TRANSITIONS. */
export class BrowserSpeechEngine implements SpeechEngine {
  readonly name = 'browser' as const;
  private status: PlaybackState = 'idle';
  private generation = 0;
  private settle: ((outcome: EngineOutcome) => void) | null = null;
  private warned = false;
  private readonly opts: Required<BrowserEngineOptions>;

  constructor(options: BrowserEngineOptions = {}) {
    this.opts = {
      synth: options.synth ?? speechSynthesisApi,
      createUtterance: options.createUtterance ?? ((text) => new SpeechSynthesisUtterance(text)),
      rate: options.rate ?? (() => 1),
      volume: options.volume ?? (() => 1),
      lang: options.lang ?? 'zh-CN',
      timeoutMs: options.timeoutMs ?? estimateSpeechMs,
    };
  }

  available(): boolean {
    return this.opts.synth() !== null;
  }

  state(): PlaybackState {
    return this.status;
  }

  /** Applies an action through the table; false (and no change) when refused. */
  private apply(action: PlaybackAction): boolean {
    const next = nextPlaybackState(this.status, action);
    if (next === null) return false;
    this.status = next;
    return true;
  }

  private finish(outcome: EngineOutcome): void {
    const settle = this.settle;
    this.settle = null;
    settle?.(outcome);
  }

  cancel(): void {
    this.generation += 1;
    try {
      this.opts.synth()?.cancel();
    } catch {
      // ignore
    }
    this.apply('cancel');
    this.finish({ kind: 'cancelled' });
  }

  pause(): boolean {
    if (nextPlaybackState(this.status, 'pause') === null) return false;
    try {
      this.opts.synth()?.pause();
    } catch {
      return false;
    }
    return this.apply('pause');
  }

  resume(): boolean {
    if (nextPlaybackState(this.status, 'resume') === null) return false;
    try {
      this.opts.synth()?.resume();
    } catch {
      return false;
    }
    return this.apply('resume');
  }

  async speak(text: string, hooks: EngineHooks): Promise<EngineOutcome> {
    const clean = text.trim();
    if (!clean) return { kind: 'done' };
    const synth = this.opts.synth();
    if (!synth) {
      if (!this.warned) console.warn('speechSynthesis is not available: speech skipped');
      this.warned = true;
      return { kind: 'done' };
    }
    const wasBusy = this.settle !== null || synth.speaking || synth.pending;
    this.cancel();
    const generation = this.generation;
    this.apply('speak');
    if (wasBusy) {
      await sleep(CANCEL_SETTLE_MS);
      if (generation !== this.generation) return { kind: 'cancelled' };
    }
    return new Promise<EngineOutcome>((resolve) => {
      const rate = this.opts.rate();
      const timer = setTimeout(
        () => {
          if (generation !== this.generation) return;
          console.warn('语音合成错误: timeout');
          this.generation += 1;
          try {
            synth.cancel();
          } catch {
            // ignore
          }
          this.apply('fail');
          this.finish({ kind: 'failed', reason: 'timeout' });
        },
        this.opts.timeoutMs(clean, rate),
      );
      this.settle = (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      this.utter(synth, clean, rate, generation, true, hooks);
    });
  }

  private utter(
    synth: SpeechSynthesis,
    text: string,
    rate: number,
    generation: number,
    mayRetry: boolean,
    hooks: EngineHooks,
  ): void {
    const stale = () => generation !== this.generation;
    const utterance = this.opts.createUtterance(text);
    utterance.lang = this.opts.lang;
    utterance.rate = rate;
    utterance.volume = this.opts.volume();
    utterance.onend = () => {
      if (stale()) return;
      this.apply('end');
      this.finish({ kind: 'done' });
    };
    utterance.onerror = (event) => {
      if (stale()) return;
      const reason = event.error;
      if (reason === 'interrupted') {
        this.apply('end');
        this.finish({ kind: 'done' });
        return;
      }
      if (reason === 'canceled' && mayRetry) {
        setTimeout(() => {
          if (!stale()) this.utter(synth, text, rate, generation, false, hooks);
        }, CANCELED_RETRY_MS);
        return;
      }
      console.warn(`语音合成错误: ${reason}`);
      this.apply('fail');
      this.finish({ kind: 'failed', reason });
    };
    if (mayRetry) hooks.onStart();
    try {
      synth.speak(utterance);
    } catch (error) {
      console.warn('语音合成错误:', error);
      this.apply('fail');
      this.finish({ kind: 'failed', reason: String(error) });
    }
  }
}
