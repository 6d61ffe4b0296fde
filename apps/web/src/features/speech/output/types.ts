/** Routine results may be cut by newer ones; danger is what the user must hear. */
export type SpeechPriority = 'routine' | 'danger';

export interface SpeakOptions {
  priority?: SpeechPriority;
}

/** The spec's playback states (§4): the cloud engine never pauses. */
export type PlaybackState = 'idle' | 'speaking' | 'paused' | 'error';

/**
 * Which engine speaks: the stored `speechEngine` preference picks one (spec §3, §5), unless
 * `speakWithScreenReader` hands every text to the user's screen reader.
 */
export type EngineName = 'browser' | 'native' | 'cloud' | 'screen-reader' | 'silent';

/** How one utterance ended on an engine. */
export type EngineOutcome = { kind: 'done' } | { kind: 'cancelled' } | { kind: 'failed'; reason: string };

export interface EngineHooks {
  /** Sound actually started (for the cloud engine: the first audio frame played). */
  onStart(): void;
  /** The text's priority: the screen-reader engine announces danger assertively. */
  priority: SpeechPriority;
}

/**
 * One speech engine. `speak` resolves with the outcome (never rejects for normal failures; a thrown
 * error means the engine itself is unusable and the service falls back).
 */
export interface SpeechEngine {
  readonly name: EngineName;
  /** False when this engine cannot run here at all (no API, no MSE…). */
  available(): boolean;
  speak(text: string, hooks: EngineHooks): Promise<EngineOutcome>;
  cancel(): void;
  state(): PlaybackState;
  /** Pause / resume where the engine can (browser only); false when refused. */
  pause(): boolean;
  resume(): boolean;
  /** Gets ready ahead of the first text (the cloud engine connects its socket); rejects when it cannot. */
  prepare?(): Promise<void>;
  /** Frees what the engine holds (the cloud socket) when the app closes. */
  dispose?(): void;
}

export type SpeechEvent =
  | { type: 'speechStarted'; text: string; priority: SpeechPriority; at: number; engine?: EngineName }
  | { type: 'speechEnded'; text: string; at: number; engine?: EngineName }
  | { type: 'speechCancelled'; at: number }
  | { type: 'speechDropped'; text: string; at: number }
  | { type: 'speechError'; text: string; reason: string; at: number; engine?: EngineName };

/** What the app speaks through (see-for-me, assistant, debug page). */
export interface SpeechOutput {
  /** Speaks `text`. Resolves when it was said, cancelled, dropped or failed; never rejects. */
  speak(text: string, options?: SpeakOptions): Promise<void>;
  /** Stops at once (same as stopAll); pending speaks resolve. */
  cancel(): void;
  isSpeaking(): boolean;
  /** Speaks the last non-blank text again (nothing when there is none). */
  repeatLast(): Promise<void>;
  /** Subscribes to events; returns the unsubscribe. */
  onEvent(listener: (event: SpeechEvent) => void): () => void;
  state(): PlaybackState;
}

/** Name of the DOM event mirrored on `window` for every SpeechEvent (browser tests and the tap bench). */
export const SPEECH_DOM_EVENT = 'sfm:speech';

export const monotonicNow = (): number =>
  typeof performance !== 'undefined' ? performance.now() : Date.now();
