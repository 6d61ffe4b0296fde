import { availableParallelism } from 'node:os';
import type { SynthesisOptions } from '@sfm/protocol';
import { AsyncQueue } from './async-queue.ts';
import { firstClauseChars, splitClauses } from './clauses.ts';
import type { EspeakVoiceSettings } from './espeak-messages.ts';
import { EspeakPool } from './espeak-pool.ts';
import { spokenText } from './spoken-text.ts';
import { SynthesisError, type SpeechSynthesizer } from './speech-synthesizer.ts';

const EMBEDDED_VOICE = 'cmn';

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The protocol's rate/pitch/volume in espeak's units. */
function espeakVoiceSettings(options: SynthesisOptions): EspeakVoiceSettings {
  const pitch = options.pitch <= 1 ? 50 * ((options.pitch - 0.5) / 0.5) : 50 + 49 * (options.pitch - 1);
  return {
    rate: Math.round(clamp(175 * options.rate, 80, 450)),
    pitch: Math.round(clamp(pitch, 0, 99)),
    volume: Math.round(clamp(options.volume * 2, 0, 200)),
  };
}

export interface EmbeddedSynthesizerOptions {
  /** Worker threads, each with its own espeak-ng; default: one per CPU (at most 8). */
  workers?: number;
  onWorkerError?: (err: Error) => void;
}

/** Offline Mandarin speech: espeak-ng (voice `cmn`) rendered clause by clause into MP3 in workers. */
export class EmbeddedSynthesizer implements SpeechSynthesizer {
  readonly name = 'embedded';
  readonly voices = [EMBEDDED_VOICE];
  private readonly pool: EspeakPool;

  constructor(options: EmbeddedSynthesizerOptions = {}) {
    this.pool = new EspeakPool({
      size: options.workers ?? Math.min(8, Math.max(1, availableParallelism())),
      onWorkerError: options.onWorkerError,
    });
  }

  warmUp(): Promise<void> {
    return this.pool.start();
  }

  stream(text: string, options: SynthesisOptions, signal: AbortSignal): AsyncIterable<Uint8Array> {
    const queue = new AsyncQueue<Uint8Array>();
    if (signal.aborted) {
      queue.end();
      return queue;
    }
    const cancel = this.pool.run(
      splitClauses(spokenText(text), undefined, firstClauseChars(this.pool.waiting, this.pool.size)),
      espeakVoiceSettings(options),
      (bytes) => queue.push(bytes),
      (error) => {
        signal.removeEventListener('abort', onAbort);
        queue.end(error && new SynthesisError(error.message));
      },
    );
    const onAbort = () => {
      cancel();
      queue.end();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    return queue;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
