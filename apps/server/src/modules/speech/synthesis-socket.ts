import {
  SPEECH_SYNTHESIS_NAMESPACE,
  SynthesisClientEvents,
  SynthesisOptions,
  translateMessage,
  type MessageKey,
} from '@sfm/protocol';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { SpeechSynthesizer } from '../../engines/tts/speech-synthesizer.ts';
import type { IdentityResolver } from '../../http/identity.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { contextOf, identityKey, socketAuthMiddleware } from '../../sockets/socket-identity.ts';

export interface SynthesisSocketDeps {
  synthesizer: SpeechSynthesizer;
  identities: IdentityResolver;
  limiter: RateLimiter;
  ratePerMinute: number;
  logger: Logger;
}

interface Task {
  controller: AbortController;
  options: SynthesisOptions;
  texts: { text: string; allowed: Promise<string | null> }[];
  running: boolean;
}

/**
 * One client of /speech-synthesis. A task (startSynthesis) speaks its texts in order; chunks go
 * out as `audioGenerated` the moment the engine makes them. A new start or a stop aborts the task
 * at once: nothing of it is sent afterwards. The end of a text is not announced (the protocol has
 * no event for it): the client detects it by its buffer rules (spec §4).
 */
class SynthesisConnection {
  private task: Task | undefined;
  private options = SynthesisOptions.parse({});

  constructor(
    private readonly socket: Socket,
    private readonly deps: SynthesisSocketDeps,
  ) {}

  private fail(key: MessageKey, params?: Record<string, string | number>): void {
    this.socket.emit('error', { message: translateMessage(key, contextOf(this.socket).locale, params) });
  }

  start(payload: unknown): void {
    const parsed = SynthesisClientEvents.startSynthesis.safeParse(payload ?? {});
    if (!parsed.success) return this.fail('errors.validation');
    this.stop();
    this.options = SynthesisOptions.parse(parsed.data.options);
    this.task = this.newTask();
    this.socket.emit('synthesisStarted', {});
  }

  text(payload: unknown): void {
    const parsed = SynthesisClientEvents.synthesizeText.safeParse(payload);
    if (!parsed.success) return this.fail('errors.validation');
    const text = parsed.data.text;
    if (!text.trim()) return; // spec §5: blank text is skipped
    // without a startSynthesis first, the text is spoken with the last (or default) options
    const task = (this.task ??= this.newTask());
    task.texts.push({ text, allowed: this.checkLimit() });
    if (!task.running) void this.run(task);
  }

  stop(): void {
    this.task?.controller.abort();
    this.task = undefined;
  }

  private newTask(): Task {
    return { controller: new AbortController(), options: this.options, texts: [], running: false };
  }

  /** null when allowed, else the refusal's message. */
  private async checkLimit(): Promise<string | null> {
    const { limiter, ratePerMinute } = this.deps;
    try {
      const decision = await limiter.consume(
        'tts',
        identityKey(contextOf(this.socket).identity),
        ratePerMinute,
      );
      if (decision.allowed) return null;
      return translateMessage('errors.rate_limited', contextOf(this.socket).locale, {
        seconds: decision.retryAfterSeconds,
      });
    } catch (err) {
      this.deps.logger.error({ err }, 'speech rate limit unavailable');
      return null; // a limiter outage must not silence a blind user's app
    }
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
        let refusal: string | null = null;
        void item.allowed.then((message) => {
          if (!message) return;
          refusal = message;
          textController.abort();
        });
        try {
          for await (const chunk of this.deps.synthesizer.stream(item.text, task.options, textSignal)) {
            if (textSignal.aborted) break;
            this.socket.emit('audioGenerated', { audioData: Buffer.from(chunk).toString('base64') });
          }
          // a text shorter than the database's answer still counts: wait for it before the next one
          refusal ??= await item.allowed;
        } catch (err) {
          if (!textSignal.aborted) {
            this.deps.logger.warn({ err, engine: this.deps.synthesizer.name }, 'speech synthesis failed');
            this.fail('errors.tts_failed');
          }
        }
        if (refusal && !signal.aborted) this.socket.emit('error', { message: refusal });
      }
    } finally {
      task.running = false;
    }
  }
}

/** Sets up /speech-synthesis on the socket.io server. */
export function setupSynthesisNamespace(io: Server, deps: SynthesisSocketDeps): void {
  const nsp = io.of(SPEECH_SYNTHESIS_NAMESPACE);
  nsp.use((socket, next) => void socketAuthMiddleware(deps.identities)(socket, next));
  nsp.on('connection', (socket) => {
    const connection = new SynthesisConnection(socket, deps);
    const guard =
      (handler: (payload: unknown) => void) =>
      (payload: unknown): void => {
        try {
          handler(payload);
        } catch (err) {
          deps.logger.error({ err }, 'speech synthesis socket handler failed');
        }
      };
    socket.on(
      'heartbeat',
      guard(() => socket.emit('heartbeatAck', {})),
    );
    socket.on(
      'startSynthesis',
      guard((p) => connection.start(p)),
    );
    socket.on(
      'synthesizeText',
      guard((p) => connection.text(p)),
    );
    socket.on(
      'stopSynthesis',
      guard(() => connection.stop()),
    );
    socket.on('disconnect', () => connection.stop());
  });
}
