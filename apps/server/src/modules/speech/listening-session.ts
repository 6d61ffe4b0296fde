import { RecognitionOptions } from '@sfm/protocol';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { RecognitionSession, SpeechRecognizer } from '../../engines/asr/speech-recognizer.ts';
import type { Admission } from './speaking-session.ts';

/** Where a listening session's results go (the /speech socket). */
export interface ListeningListener {
  started(): void;
  interim(text: string): void;
  final(text: string): void;
  /** The recognition ended normally. */
  completed(): void;
  /** A recognition could not start: none is available, or the rate limit refused it. */
  refused(error: AppError): void;
  /** The recognition under way failed. */
  failed(error: AppError): void;
  /** A stop with no recognition under way. */
  stopped(): void;
}

/** How long a task the client asked to stop may go on finishing after the client has left. */
const FINISH_GRACE_MS = 5_000;

const unavailable = (status: number) => new AppError(status, 'errors.asr_unavailable');

/** One client's speech input: at most one recognition at a time; a new start replaces the old one. */
export class ListeningSession {
  private recognition: RecognitionSession | undefined;
  /** Bumped by every start and stop: callbacks of an older recognition are ignored. */
  private generation = 0;
  /** The client asked the current recognition to stop (finish-task is under way). */
  private stopping = false;

  constructor(
    private readonly recognizer: SpeechRecognizer | null,
    private readonly logger: Logger,
    private readonly listener: ListeningListener,
  ) {}

  async start(options: Partial<RecognitionOptions>, admit: Admission): Promise<void> {
    this.cancel();
    const generation = this.generation;
    const { recognizer, listener } = this;
    if (!recognizer) return listener.refused(unavailable(503));
    const refusal = await admit();
    if (generation !== this.generation) return;
    if (refusal) return listener.refused(refusal);
    const current = () => generation === this.generation;
    let heard = false;
    this.recognition = recognizer.start(RecognitionOptions.parse(options), {
      onStarted: () => {
        if (current()) listener.started();
      },
      onInterim: (text) => {
        heard ||= text.trim() !== '';
        if (current()) listener.interim(text);
      },
      onFinal: (text) => {
        heard ||= text.trim() !== '';
        if (current()) listener.final(text);
      },
      onCompleted: () => {
        if (!current()) return;
        this.recognition = undefined;
        // spec §8's business errors are said, not fatal: a task that heard nothing says so
        if (!heard) listener.refused(new AppError(400, 'errors.asr_no_speech'));
        listener.completed();
      },
      onNotice: () => {
        if (current()) listener.refused(new AppError(502, 'errors.asr_result_format'));
      },
      onError: (message) => {
        if (!current()) return;
        this.logger.warn({ engine: recognizer.name, reason: message }, 'speech recognition failed');
        this.recognition = undefined;
        listener.failed(unavailable(502));
      },
    });
  }

  /** 16-bit PCM: an odd trailing byte cannot be audio. */
  audio(pcm: Buffer): void {
    this.recognition?.sendPcm(pcm.subarray(0, pcm.length - (pcm.length % 2)));
  }

  stop(): void {
    if (this.recognition) {
      this.stopping = true;
      this.recognition.finish();
    } else {
      this.generation++;
      this.listener.stopped();
    }
  }

  cancel(): void {
    this.generation++;
    this.stopping = false;
    this.recognition?.abort();
    this.recognition = undefined;
  }

  /**
   * The client left. A task it asked to stop is allowed to finish (finish-task → task-finished,
   * bounded by FINISH_GRACE_MS) instead of being cut off; anything else is dropped at once.
   */
  close(): void {
    if (!this.recognition || !this.stopping) return this.cancel();
    const recognition = this.recognition;
    const timer = setTimeout(() => {
      if (this.recognition === recognition) this.cancel();
    }, FINISH_GRACE_MS);
    timer.unref();
  }
}
