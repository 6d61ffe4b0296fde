/** Spec §3 recognition result. */
export interface RecognitionUpdate {
  text: string;
  /** 0–1: how sure the recognizer is of `text` (UNSCORED_CONFIDENCE when it does not say). */
  confidence: number;
  isFinal: boolean;
}

/**
 * The confidence of a result whose recognizer gives no score (the native plugin, the server's
 * /speech and upload answers, and browsers that report 0 for "not scored"). 1, not 0 or 0.5: the
 * recognizer committed to the text without expressing doubt, and a consumer that weighs results
 * must not throw away every result of a recognizer that never scores.
 */
export const UNSCORED_CONFIDENCE = 1;

/** A score the recognizer gave (0 < score ≤ 1), else UNSCORED_CONFIDENCE. */
export function confidenceOf(score: unknown): number {
  return typeof score === 'number' && score > 0 && score <= 1 ? score : UNSCORED_CONFIDENCE;
}

/** i18n keys of the spec's recognition errors (§8). */
export type SpeechInputErrorKey =
  | 'recognition.micUnavailable'
  | 'recognition.micDenied'
  | 'recognition.network'
  | 'recognition.error'
  | 'speechInput.errorCode'
  | 'speechInput.unavailable'
  | 'speechInput.unsupported'
  | 'speechInput.noText'
  | 'speechInput.decodeError'
  | 'speechInput.notConnected'
  | 'speechInput.connectionTimeout'
  | 'speechInput.startTimeout'
  | 'speechInput.reconnectFailed'
  | 'speechInput.failed'
  | 'speechInput.server';

export interface SpeechInputError {
  key: SpeechInputErrorKey;
  code: string;
  /** The server's own message (cloud business errors), when there is one. */
  message?: string;
  /** False when the recognizer stopped because of it; true when it keeps listening. */
  recoverable?: boolean;
  /**
   * The recognizer itself cannot work here (its service unreachable or refused, its language
   * missing), although the microphone may be fine: another recognizer should take over.
   */
  recognizerUnavailable?: boolean;
}

/** Spec §4 recognition service states. */
export type RecognitionState = 'idle' | 'listening' | 'recording' | 'error';

/** Speech input: what the qa and dialogue scenes (and the assistant) listen through. */
export interface SpeechInput {
  start(): void;
  /** Ends listening; a recorder (`resultAfterStop`) then uploads what it heard and answers. */
  stop(): void;
  /** A recorder, not a streaming recognizer: its one result comes after stop() (or its own time limit). */
  readonly resultAfterStop?: boolean;
  isListening(): boolean;
  /** Spec §4's service state: idle, listening (recording, for a recorder), or error after a failure. */
  state(): RecognitionState;
  onResult(listener: (update: RecognitionUpdate) => void): () => void;
  onError(listener: (error: SpeechInputError) => void): () => void;
}

export interface SpeechInputOptions {
  /** Keep listening across pauses (dialogue) instead of one phrase (qa). */
  continuous: boolean;
  lang?: string;
}

/** Listener plumbing shared by the recognizers. */
export class InputEvents {
  private readonly results = new Set<(update: RecognitionUpdate) => void>();
  private readonly errors = new Set<(error: SpeechInputError) => void>();
  onResult(listener: (update: RecognitionUpdate) => void): () => void {
    this.results.add(listener);
    return () => this.results.delete(listener);
  }
  onError(listener: (error: SpeechInputError) => void): () => void {
    this.errors.add(listener);
    return () => this.errors.delete(listener);
  }
  result(update: RecognitionUpdate): void {
    for (const listener of this.results) listener(update);
  }
  error(error: SpeechInputError): void {
    if (error.recoverable === false) this.failed = true;
    for (const listener of this.errors) listener(error);
  }

  /** A failure stopped the input; cleared when it is started or stopped again. */
  private failed = false;

  /** Called on start() and stop(): what failed before no longer describes the input. */
  settle(): void {
    this.failed = false;
  }

  /** The service state of an input that `listening` (as `while` says it, e.g. 'recording'). */
  stateWhen(listening: boolean, whileListening: RecognitionState = 'listening'): RecognitionState {
    if (listening) return whileListening;
    return this.failed ? 'error' : 'idle';
  }
}
