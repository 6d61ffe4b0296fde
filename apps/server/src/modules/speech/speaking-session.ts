import { SynthesisOptions } from '@sfm/protocol';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { SpeechSynthesizer } from '../../engines/tts/speech-synthesizer.ts';

/** Where a speaking session's output goes (the /speech-synthesis socket). */
export interface SpeakingListener {
  audio(chunk: Uint8Array): void;
  /** A text could not be spoken: the engine failed, or the rate limit refused it. */
  failed(error: AppError): void;
}

/** Counts one use against the rate limit: null when allowed, else the refusal. */
export type Admission = () => Promise<AppError | null>;

interface Task {
  controller: AbortController;
  options: SynthesisOptions;
  texts: { text: string; refusal: Promise<AppError | null> }[];
  running: boolean;
}

/**
 * One client's speech output. A task (start) speaks its texts in order; chunks go out the moment
 * the engine makes them. A new start or a stop aborts the task at once: nothing of it is sent
 * afterwards. The end of a text is not announced (the protocol has no event for it): the client
 * detects it by its buffer rules (spec §4).
 */
export class SpeakingSession {
  private task: Task | undefined;
  private options = SynthesisOptions.parse({});

  constructor(
    private readonly synthesizer: SpeechSynthesizer,
    private readonly logger: Logger,
    private readonly listener: SpeakingListener,
  ) {}

  start(options: Partial<SynthesisOptions>): void {
    this.stop();
    this.options = SynthesisOptions.parse(options);
    this.task = this.newTask();
  }

  /** Queues a text; blank text is skipped (spec §5) and not counted. */
  speak(text: string, admit: Admission): void {
    if (!text.trim()) return;
    // without a start first, the text is spoken with the last (or default) options
    const task = (this.task ??= this.newTask());
    task.texts.push({ text, refusal: admit() });
    if (!task.running) void this.run(task);
  }

  stop(): void {
    this.task?.controller.abort();
    this.task = undefined;
  }

  private newTask(): Task {
    return { controller: new AbortController(), options: this.options, texts: [], running: false };
  }

  /**
   * Speaks the task's texts one after another. The rate-limit check (a database write) runs beside
   * the synthesis instead of before it, so it never delays the first sound; a refused text is cut
   * off the moment the answer comes, after at most a chunk or two.
   */
  private async run(task: Task): Promise<void> {
    task.running = true;
    const { signal } = task.controller;
    try {
      for (let item = task.texts.shift(); item && !signal.aborted; item = task.texts.shift()) {
        const textController = new AbortController();
        const textSignal = AbortSignal.any([signal, textController.signal]);
        let refusal: AppError | null = null;
        void item.refusal.then((refused) => {
          if (!refused) return;
          refusal = refused;
          textController.abort();
        });
        try {
          for await (const chunk of this.synthesizer.stream(item.text, task.options, textSignal)) {
            if (textSignal.aborted) break;
            this.listener.audio(chunk);
          }
          // a text shorter than the database's answer still counts: wait for it before the next one
          refusal ??= await item.refusal;
        } catch (err) {
          if (!textSignal.aborted) {
            this.logger.warn({ err, engine: this.synthesizer.name }, 'speech synthesis failed');
            this.listener.failed(new AppError(502, 'errors.tts_failed'));
          }
        }
        if (refusal && !signal.aborted) this.listener.failed(refusal);
      }
    } finally {
      task.running = false;
    }
  }
}
