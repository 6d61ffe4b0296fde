import type { RecognitionOptions } from '@sfm/protocol';

export interface RecognitionCallbacks {
  onStarted(): void;
  onInterim(text: string): void;
  onFinal(text: string): void;
  /** The task ended normally (after finish()). */
  onCompleted(): void;
  /** The task failed; no other callback follows. */
  onError(message: string): void;
  /**
   * A business error of the cloud recognizer (spec §8): reported to the user, the recognition goes
   * on. 'resultFormat': a result the service sent could not be read.
   */
  onNotice?(problem: 'resultFormat'): void;
}

/** One realtime recognition: PCM in (16 kHz mono, 16-bit little-endian), results out through callbacks. */
export interface RecognitionSession {
  sendPcm(pcm: Uint8Array): void;
  /** No more audio: the last results and then onCompleted follow. */
  finish(): void;
  /** Stops at once; no callback follows. */
  abort(): void;
}

export interface SpeechRecognizer {
  readonly name: 'dashscope' | 'openai-compatible';
  start(options: RecognitionOptions, callbacks: RecognitionCallbacks): RecognitionSession;
  /** A whole recording (any container the decoder reads) to text; '' when nothing was said. */
  transcribe(audio: Uint8Array, filename: string, signal?: AbortSignal): Promise<string>;
}

/** A recognition failure whose message may be shown (never carries a credential). */
export class RecognitionError extends Error {
  override readonly name = 'RecognitionError';
}
