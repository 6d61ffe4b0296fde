import {
  RecognitionClientEvents,
  RecognitionOptions,
  SPEECH_RECOGNITION_NAMESPACE,
  translateMessage,
} from '@sfm/protocol';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { RecognitionSession, SpeechRecognizer } from '../../engines/asr/speech-recognizer.ts';
import type { IdentityResolver } from '../../http/identity.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { contextOf, identityKey, socketAuthMiddleware } from '../../sockets/socket-identity.ts';

export interface RecognitionSocketDeps {
  recognizer: SpeechRecognizer | null;
  identities: IdentityResolver;
  limiter: RateLimiter;
  ratePerMinute: number;
  logger: Logger;
}

/** Largest accepted audio message: 10 s of 16 kHz 16-bit PCM as base64. */
const MAX_AUDIO_BASE64 = Math.ceil((16_000 * 2 * 10 * 4) / 3);
/** How long a task the client asked to stop may go on finishing after the client has left. */
export const FINISH_GRACE_MS = 5_000;

/** One client of /speech: at most one recognition at a time; a new start replaces the old one. */
class RecognitionConnection {
  private session: RecognitionSession | undefined;
  /** Bumped by every start and stop: callbacks of an older session are ignored. */
  private generation = 0;
  /** The client asked the current session to stop (finish-task is under way). */
  private stopping = false;

  constructor(
    private readonly socket: Socket,
    private readonly deps: RecognitionSocketDeps,
  ) {}

  private get locale() {
    return contextOf(this.socket).locale;
  }

  private taskFailed(message = translateMessage('errors.asr_unavailable', this.locale)): void {
    this.socket.emit('taskFailed', { message });
  }

  async start(payload: unknown): Promise<void> {
    const parsed = RecognitionClientEvents.startRecognition.safeParse(payload ?? {});
    if (!parsed.success) {
      this.socket.emit('error', { message: translateMessage('errors.validation', this.locale) });
      return;
    }
    this.cancel();
    const generation = this.generation;
    const { recognizer, limiter, ratePerMinute, logger } = this.deps;
    if (!recognizer) return this.taskFailed();
    const decision = await limiter
      .consume('asr', identityKey(contextOf(this.socket).identity), ratePerMinute)
      .catch(() => ({ allowed: true, retryAfterSeconds: 0 }));
    if (generation !== this.generation) return;
    if (!decision.allowed) {
      return this.taskFailed(
        translateMessage('errors.rate_limited', this.locale, { seconds: decision.retryAfterSeconds }),
      );
    }
    const current = () => generation === this.generation;
    const emit = (event: string, data: object) => {
      if (current()) this.socket.emit(event, data);
    };
    this.session = recognizer.start(RecognitionOptions.parse(parsed.data.options), {
      onStarted: () => {
        emit('recognitionStarted', {});
        emit('taskStarted', {});
      },
      onInterim: (text) => emit('resultChanged', { text }),
      onFinal: (text) => emit('resultCompleted', { text }),
      onCompleted: () => {
        emit('taskCompleted', {});
        emit('recognitionStopped', {});
        if (current()) this.session = undefined;
      },
      onError: (message) => {
        if (!current()) return;
        logger.warn({ engine: recognizer.name, reason: message }, 'speech recognition failed');
        this.session = undefined;
        this.taskFailed();
        this.socket.emit('recognitionStopped', {});
      },
    });
  }

  audio(payload: unknown): void {
    const parsed = RecognitionClientEvents.sendAudioData.safeParse(payload);
    if (!parsed.success || parsed.data.audioData.length > MAX_AUDIO_BASE64) return;
    if (!this.session) return;
    const pcm = Buffer.from(parsed.data.audioData, 'base64');
    // 16-bit samples: an odd trailing byte cannot be audio
    this.session.sendPcm(pcm.subarray(0, pcm.length - (pcm.length % 2)));
  }

  stop(): void {
    if (this.session) {
      this.stopping = true;
      this.session.finish();
    } else {
      this.generation++;
      this.socket.emit('recognitionStopped', {});
    }
  }

  cancel(): void {
    this.generation++;
    this.stopping = false;
    this.session?.abort();
    this.session = undefined;
  }

  /**
   * The client left. A task it asked to stop is allowed to finish (finish-task → task-finished,
   * bounded by FINISH_GRACE_MS) instead of being cut off; anything else is dropped at once.
   */
  close(): void {
    if (!this.session || !this.stopping) return this.cancel();
    const session = this.session;
    const timer = setTimeout(() => {
      if (this.session === session) this.cancel();
    }, FINISH_GRACE_MS);
    timer.unref();
  }
}

/** Sets up /speech on the socket.io server. */
export function setupRecognitionNamespace(io: Server, deps: RecognitionSocketDeps): void {
  const nsp = io.of(SPEECH_RECOGNITION_NAMESPACE);
  nsp.use((socket, next) => void socketAuthMiddleware(deps.identities)(socket, next));
  nsp.on('connection', (socket) => {
    const connection = new RecognitionConnection(socket, deps);
    const guard =
      (handler: (payload: unknown) => void | Promise<void>) =>
      (payload: unknown): void => {
        Promise.resolve()
          .then(() => handler(payload))
          .catch((err: unknown) => deps.logger.error({ err }, 'speech recognition socket handler failed'));
      };
    // heartbeat needs no answer here: the protocol's /speech has no acknowledgement event
    socket.on('heartbeat', () => {});
    socket.on(
      'startRecognition',
      guard((p) => connection.start(p)),
    );
    socket.on(
      'sendAudioData',
      guard((p) => connection.audio(p)),
    );
    socket.on(
      'stopRecognition',
      guard(() => connection.stop()),
    );
    socket.on('disconnect', () => connection.close());
    socket.emit('connected', {});
  });
}
