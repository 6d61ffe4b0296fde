/** Messages between the espeak pool (main thread) and its workers. */

/** espeak's own voice settings, already mapped from the protocol's options. */
export interface EspeakVoiceSettings {
  /** Words per minute (80–450). */
  rate: number;
  /** 0–99, 50 is the voice's normal pitch. */
  pitch: number;
  /** Amplitude 0–200, 100 is normal. */
  volume: number;
}

export type ToWorker = { type: 'synth'; seq: number; text: string; voice: EspeakVoiceSettings };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'chunk'; seq: number; bytes: Uint8Array }
  | { type: 'done'; seq: number; samples: number }
  | { type: 'error'; seq: number; message: string };

/** What a worker gets at start: a shared cell where the pool writes the seq of a task to abort. */
export interface EspeakWorkerData {
  cancel: SharedArrayBuffer;
}
