import { sayWithFallback, type Utterance } from './engine-fallback.ts';
import { SpeechEvents } from './speech-events.ts';
import {
  monotonicNow,
  type EngineName,
  type PlaybackState,
  type SpeakOptions,
  type SpeechEngine,
  type SpeechEvent,
  type SpeechOutput,
} from './types.ts';

export interface SpeechOutputServiceOptions {
  /** The engines to try for one utterance, preferred first (the silent one is added last). */
  chain: () => SpeechEngine[];
  silent: SpeechEngine;
  /** Every engine the app made, for dispose (the chain holds only the preferred ones). */
  engines: readonly SpeechEngine[];
  now?: () => number;
  /** Mirror every event on `window` as `sfm:speech` (default true). */
  domEvents?: boolean;
}

/**
 * The one queue that decides what is said (ACCESSIBILITY.md pacing):
 * - danger interrupts anything and is never dropped (dangers wait for each other in order);
 * - a new routine text replaces a stale routine one: it interrupts it, or, while a danger is being
 *   said, takes the single waiting slot (the text that was waiting there is dropped, not queued);
 * - while the user speaks to the app (`holdForListening(true)`) nothing is said; what arrives waits
 *   by the same rules and is said when the user is done;
 * - an engine that throws or whose cloud stream fails hands the text to the next engine, ending at a
 *   silent speaker, with a console warning — never a crash (engine-fallback.ts).
 */
export class SpeechOutputService implements SpeechOutput {
  private current: Utterance | null = null;
  private dangers: Utterance[] = [];
  private waitingRoutine: Utterance | null = null;
  private lastText = '';
  private held = false;
  private lastEngine: SpeechEngine | null = null;
  private readonly events: SpeechEvents;
  private readonly now: () => number;

  constructor(private readonly opts: SpeechOutputServiceOptions) {
    this.now = opts.now ?? monotonicNow;
    this.events = new SpeechEvents(opts.domEvents !== false);
  }

  onEvent(listener: (event: SpeechEvent) => void): () => void {
    return this.events.on(listener);
  }

  isSpeaking(): boolean {
    return this.current !== null;
  }

  state(): PlaybackState {
    if (this.current) return this.current.engine?.state() === 'paused' ? 'paused' : 'speaking';
    return this.lastEngine?.state() === 'error' ? 'error' : 'idle';
  }

  /** The engine of the current (or last) utterance. */
  engineName(): EngineName | null {
    return (this.current?.engine ?? this.lastEngine)?.name ?? null;
  }

  speak(text: string, options: SpeakOptions = {}): Promise<void> {
    const clean = text.trim();
    if (!clean) return Promise.resolve();
    this.lastText = clean;
    const priority = options.priority ?? 'routine';
    return new Promise<void>((resolve) => {
      const utterance: Utterance = { text: clean, priority, resolve, engine: null };
      if (priority === 'danger') {
        if (this.held || this.current?.priority === 'danger') {
          this.dangers.push(utterance);
          return;
        }
        this.interruptCurrent();
        void this.run(utterance);
        return;
      }
      if (this.held || this.current?.priority === 'danger' || this.dangers.length > 0) {
        this.dropWaiting();
        this.waitingRoutine = utterance;
        return;
      }
      this.interruptCurrent();
      void this.run(utterance);
    });
  }

  repeatLast(): Promise<void> {
    return this.lastText ? this.speak(this.lastText) : Promise.resolve();
  }

  /** Stops everything at once: the current text, waiting dangers and the waiting routine text. */
  stopAll(): void {
    const hadSpeech = this.current !== null || this.dangers.length > 0 || this.waitingRoutine !== null;
    this.dropWaiting();
    for (const danger of this.dangers.splice(0)) danger.resolve();
    this.interruptCurrent(false);
    if (hadSpeech) this.events.emit({ type: 'speechCancelled', at: this.now() });
  }

  cancel(): void {
    this.stopAll();
  }

  /** While the user speaks to the app nothing is said (ACCESSIBILITY.md); on release the waiting text is said. */
  holdForListening(on: boolean): void {
    if (this.held === on) return;
    this.held = on;
    if (on) {
      const current = this.current;
      if (current) {
        // keep what the user must still hear: a danger is said again afterwards
        if (current.priority === 'danger') this.dangers.unshift({ ...current, engine: null });
        this.interruptCurrent();
      }
      return;
    }
    this.next();
  }

  /**
   * Spec §4 app start: gets the preferred available engine ready (the cloud socket connects) before
   * the first text. False when it could not, so the caller can retry; an engine with nothing to
   * prepare is ready. Never rejects.
   */
  async init(): Promise<boolean> {
    try {
      const engine = this.opts.chain().find((e) => e.available());
      await engine?.prepare?.();
      return true;
    } catch (error) {
      console.warn('speech service init failed:', error instanceof Error ? error.message : error);
      return false;
    }
  }

  /** App close: stops all speech and frees what the engines hold (the cloud socket). */
  dispose(): void {
    this.stopAll();
    for (const engine of this.opts.engines) {
      try {
        engine.dispose?.();
      } catch {
        // the page is going away: one engine's failure must not keep the others open
      }
    }
  }

  pause(): boolean {
    return this.current?.engine?.pause() ?? false;
  }

  resume(): boolean {
    return this.current?.engine?.resume() ?? false;
  }

  private dropWaiting(): void {
    const waiting = this.waitingRoutine;
    this.waitingRoutine = null;
    if (!waiting) return;
    this.events.emit({ type: 'speechDropped', text: waiting.text, at: this.now() });
    waiting.resolve();
  }

  private interruptCurrent(emit = true): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    try {
      current.engine?.cancel();
    } catch {
      // ignore
    }
    if (emit) this.events.emit({ type: 'speechCancelled', at: this.now() });
    current.resolve();
  }

  private next(): void {
    if (this.current || this.held) return;
    const next = this.dangers.shift() ?? this.waitingRoutine;
    if (!next) return;
    if (next === this.waitingRoutine) this.waitingRoutine = null;
    void this.run(next);
  }

  private async run(utterance: Utterance): Promise<void> {
    this.current = utterance;
    let chain: SpeechEngine[];
    try {
      chain = this.opts.chain().filter((engine) => engine.available());
    } catch {
      chain = [];
    }
    chain.push(this.opts.silent);
    await sayWithFallback(utterance, chain, {
      isCurrent: () => this.current === utterance,
      tries: (engine) => {
        this.lastEngine = engine;
      },
      emit: (event) => this.events.emit(event),
      now: () => this.now(),
    });
    if (this.current === utterance) {
      this.current = null;
      utterance.resolve();
      this.next();
    }
  }
}
