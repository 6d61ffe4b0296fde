import {
  monotonicNow,
  SPEECH_DOM_EVENT,
  type EngineName,
  type EngineOutcome,
  type PlaybackState,
  type SpeakOptions,
  type SpeechEngine,
  type SpeechEvent,
  type SpeechOutput,
  type SpeechPriority,
} from './types.ts';

interface Utterance {
  text: string;
  priority: SpeechPriority;
  resolve: () => void;
  engine: SpeechEngine | null;
}

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

/** Spec §9: the queue's processing guard: a text no engine has begun to say by then moves on. */
export const QUEUE_GUARD_MS = 10_000;

/**
 * The one queue that decides what is said (ACCESSIBILITY.md pacing):
 * - danger interrupts anything and is never dropped (dangers wait for each other in order);
 * - a new routine text replaces a stale routine one: it interrupts it, or, while a danger is being
 *   said, takes the single waiting slot (the text that was waiting there is dropped, not queued);
 * - while the user speaks to the app (`holdForListening(true)`) nothing is said; what arrives waits
 *   by the same rules and is said when the user is done;
 * - an engine that throws or whose cloud stream fails hands the text to the next engine, ending at a
 *   silent speaker, with a console warning — never a crash.
 */
export class SpeechOutputService implements SpeechOutput {
  private current: Utterance | null = null;
  private dangers: Utterance[] = [];
  private waitingRoutine: Utterance | null = null;
  private lastText = '';
  private held = false;
  private lastEngine: SpeechEngine | null = null;
  private readonly listeners = new Set<(event: SpeechEvent) => void>();
  private readonly now: () => number;

  constructor(private readonly opts: SpeechOutputServiceOptions) {
    this.now = opts.now ?? monotonicNow;
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
    if (this.opts.domEvents !== false && typeof window !== 'undefined' && typeof CustomEvent === 'function') {
      window.dispatchEvent(new CustomEvent(SPEECH_DOM_EVENT, { detail: event }));
    }
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
    if (hadSpeech) this.emit({ type: 'speechCancelled', at: this.now() });
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
    this.emit({ type: 'speechDropped', text: waiting.text, at: this.now() });
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
    if (emit) this.emit({ type: 'speechCancelled', at: this.now() });
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
    let started = false;
    for (const engine of chain) {
      if (this.current !== utterance) return;
      utterance.engine = engine;
      this.lastEngine = engine;
      const onStart = () => {
        if (started || this.current !== utterance) return;
        started = true;
        this.emit({
          type: 'speechStarted',
          text: utterance.text,
          priority: utterance.priority,
          at: this.now(),
          engine: engine.name,
        });
      };
      if (engine.name === 'silent') onStart();
      // spec §9 queue-processing guard: an engine that has not begun to speak by then never will
      // (a voice still connecting included): it is cancelled and the next engine says the text
      let stalled = false;
      let guard: ReturnType<typeof setTimeout> | undefined;
      const givenUp = new Promise<EngineOutcome>((resolve) => {
        guard = setTimeout(() => {
          if (started) return;
          stalled = true;
          if (this.current === utterance) engine.cancel();
          resolve({ kind: 'cancelled' });
        }, QUEUE_GUARD_MS);
      });
      let outcome: EngineOutcome;
      try {
        outcome = await Promise.race([
          engine.speak(utterance.text, { onStart, priority: utterance.priority }),
          givenUp,
        ]);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(`speech engine ${engine.name} failed, falling back:`, reason);
        if (this.current !== utterance) return;
        this.emit({ type: 'speechError', text: utterance.text, reason, at: this.now(), engine: engine.name });
        continue;
      } finally {
        clearTimeout(guard);
      }
      if (this.current !== utterance) return;
      if (stalled) {
        console.warn(`speech engine ${engine.name} did not start within ${QUEUE_GUARD_MS} ms, falling back`);
        this.emit({
          type: 'speechError',
          text: utterance.text,
          reason: 'stalled',
          at: this.now(),
          engine: engine.name,
        });
        continue;
      }
      if (outcome.kind === 'failed') {
        this.emit({
          type: 'speechError',
          text: utterance.text,
          reason: outcome.reason,
          at: this.now(),
          engine: engine.name,
        });
        // a cloud stream that broke before any sound: say it with the device instead
        if (engine.name === 'cloud' && !started) {
          console.warn(`cloud speech failed (${outcome.reason}), falling back`);
          continue;
        }
      } else if (outcome.kind === 'done') {
        this.emit({ type: 'speechEnded', text: utterance.text, at: this.now(), engine: engine.name });
      }
      break;
    }
    if (this.current === utterance) {
      this.current = null;
      utterance.resolve();
      this.next();
    }
  }
}
