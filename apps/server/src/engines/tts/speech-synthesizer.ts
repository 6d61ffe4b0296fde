import type { SynthesisOptions } from '@sfm/protocol';

/** Text in, MP3 bytes out, as a stream whose first chunk leaves long before the last is made. */
export interface SpeechSynthesizer {
  readonly name: 'embedded' | 'dashscope';
  /** Voices a client may ask for (the first is the default). */
  readonly voices: string[];
  /** Loads what the first request would otherwise wait for; safe to call more than once. */
  warmUp(): Promise<void>;
  /** MP3 chunks in order; ends when the text is spoken, throws on failure, stops when `signal` aborts. */
  stream(text: string, options: SynthesisOptions, signal: AbortSignal): AsyncIterable<Uint8Array>;
  close(): Promise<void>;
}

/** A synthesis failure whose message may be shown (it never carries a credential). */
export class SynthesisError extends Error {
  override readonly name = 'SynthesisError';
}
