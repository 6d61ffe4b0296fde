import type { SynthesisOptions } from '@sfm/protocol';
import { protocolSchemas } from '../../../api/protocol-schemas.ts';
import type { Socket } from 'socket.io-client';
import {
  base64ToBytes,
  defaultSocketFactory,
  sessionSpeechIdentity,
  type SocketFactory,
  type SpeechIdentity,
} from '../speech-socket.ts';
import {
  BROWSER_STREAM_TIMINGS,
  BROWSER_SYNTHESIS_SOCKET,
  type StreamTimings,
  type SynthesisSocketOptions,
} from './cloud-speech-config.ts';
import { MseAudioPlayer, UNSUPPORTED_MPEG } from './mse-audio-player.ts';
import { newSpeechTask, type RunningTask, type SpeechTask } from './speech-task.ts';
import { SynthesisConnection } from './synthesis-connection.ts';
import { checkTaskEnd } from './task-end-check.ts';
import type { EngineHooks, EngineOutcome, PlaybackState, SpeechEngine } from './types.ts';

export interface CloudEngineOptions {
  /** Default: an MseAudioPlayer with the same `timings`. */
  player?: MseAudioPlayer;
  /** Stream and end-check timings of the platform (default: the browser's). */
  timings?: Readonly<StreamTimings>;
  /** How /speech-synthesis connects on the platform (default: the browser's). */
  socket?: Readonly<SynthesisSocketOptions>;
  socketFactory?: SocketFactory;
  /** Who the socket speaks for (default: the session's token or device). */
  identity?: SpeechIdentity;
  rate?: () => number;
  /** The speech volume, 0–1 (for the default player). */
  volume?: () => number;
  voice?: () => string | null;
  now?: () => number;
  /** Called for every task status change (debug page, browser tests). */
  onTask?: (task: Readonly<SpeechTask>) => void;
}

/**
 * Cloud speech: text goes to /speech-synthesis, MP3 chunks come back (`audioGenerated`) and are
 * played through MediaSource. One task per text; a new text stops the previous task.
 *
 * Spec §9 has the client send the synthesis service's "finish task" 2 s after a text (on Android
 * the larger of 3 s and 50 ms per character). Here the server speaks to the service: it sends
 * finish-task right after the text (each synthesizeText is a whole text), so the stream ends as soon
 * as the text is synthesized, not 2–3 s later. The client sends nothing after the text: this
 * protocol's stopSynthesis aborts the task (it is the cancel), and sent after 2 s it would cut every
 * text that takes longer to synthesize. The end of the task is found by the end-of-stream rules.
 */
export class CloudSpeechEngine implements SpeechEngine {
  readonly name = 'cloud' as const;
  private status: PlaybackState = 'idle';
  private readonly connection: SynthesisConnection;
  private readonly player: MseAudioPlayer;
  private readonly opts: Required<Omit<CloudEngineOptions, 'player' | 'volume'>>;
  private current: RunningTask | null = null;
  private pendingStarts = 0;
  /** Counts cancels: a text still waiting for the socket when one comes is not said any more. */
  private cancels = 0;
  lastTask: SpeechTask | null = null;

  constructor(options: CloudEngineOptions = {}) {
    const timings = options.timings ?? BROWSER_STREAM_TIMINGS;
    this.player =
      options.player ?? new MseAudioPlayer({ timings, ...(options.volume && { volume: options.volume }) });
    this.opts = {
      timings,
      socket: options.socket ?? BROWSER_SYNTHESIS_SOCKET,
      socketFactory: options.socketFactory ?? defaultSocketFactory,
      identity: options.identity ?? sessionSpeechIdentity,
      rate: options.rate ?? (() => 1),
      voice: options.voice ?? (() => null),
      now: options.now ?? (() => Date.now()),
      onTask: options.onTask ?? (() => undefined),
    };
    this.connection = new SynthesisConnection({
      socket: this.opts.socket,
      socketFactory: this.opts.socketFactory,
      identity: this.opts.identity,
      wire: (socket) => this.wire(socket),
      busy: () => this.current !== null,
    });
  }

  available(): boolean {
    return this.player.supported();
  }

  state(): PlaybackState {
    return this.status;
  }

  pause(): boolean {
    return false;
  }

  resume(): boolean {
    console.warn('resume is not supported for streamed speech');
    return false;
  }

  /** Connects the socket ahead of the first text; rejects when it cannot (app start retries). */
  async prepare(): Promise<void> {
    if (!this.player.supported()) throw new Error(UNSUPPORTED_MPEG);
    await this.connection.connect();
  }

  /** App close: stops the current task and closes the socket (the next text would reconnect). */
  dispose(): void {
    this.cancel();
    this.connection.close();
  }

  playerSnapshot() {
    return this.player.snapshot();
  }

  /** The engine's handlers on a socket the connection has just made. */
  private wire(socket: Socket): void {
    socket.on('synthesisStarted', () => {
      this.pendingStarts = Math.max(0, this.pendingStarts - 1);
      if (this.current && this.pendingStarts === 0) this.current.awaitingStart = false;
    });
    socket.on('audioGenerated', (payload: unknown) => this.onAudio(payload));
    socket.on('error', (payload: unknown) => {
      const parsed = protocolSchemas().SynthesisServerEvents.error.safeParse(payload);
      this.fail(parsed.success ? parsed.data.message : 'speech synthesis error');
    });
    socket.on('disconnect', () => {
      if (this.current) this.current.socketClosed = true;
    });
  }

  private onAudio(payload: unknown): void {
    const current = this.current;
    if (!current || current.awaitingStart) return; // a chunk of a stopped task
    const parsed = protocolSchemas().SynthesisServerEvents.audioGenerated.safeParse(payload);
    if (!parsed.success) return;
    let data: Uint8Array;
    try {
      data = base64ToBytes(parsed.data.audioData);
    } catch {
      return;
    }
    const chunk = { data, seq: current.seq++ };
    current.task.audioDataQueue.push(chunk);
    if (current.task.audioDataQueue.length > 64) current.task.audioDataQueue.shift();
    current.hasData = true;
    current.lastDataAt = this.opts.now();
    this.player.append(current.task.id, chunk);
  }

  private finishTask(status: 'completed' | 'failed', outcome: EngineOutcome, reason: string): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    if (current.timer) clearInterval(current.timer);
    current.task.status = status;
    current.task.endReason = reason;
    this.lastTask = current.task;
    this.opts.onTask(current.task);
    current.settle(outcome);
    // not after a cancel: speak() cancels and then connects itself, dispose() cancels and then
    // closes, and a reopen here would race them; after a plain stop the next text reconnects
    if (outcome.kind !== 'cancelled') this.connection.followIdentity();
  }

  private fail(message: string): void {
    if (!this.current) return;
    console.warn(`语音合成错误: ${message}`);
    this.player.stop();
    this.status = 'error';
    this.finishTask('failed', { kind: 'failed', reason: message }, message);
  }

  cancel(): void {
    this.cancels += 1;
    if (!this.current) {
      if (this.status !== 'error') this.status = 'idle';
      return;
    }
    this.connection.current()?.emit('stopSynthesis', {});
    this.player.stop();
    this.status = 'idle';
    this.finishTask('failed', { kind: 'cancelled' }, 'cancelled');
  }

  private check(): void {
    const current = this.current;
    if (!current) return;
    const end = checkTaskEnd(current, this.player, this.opts.timings, this.opts.now());
    if (!end) return;
    this.player.stop();
    if (end.heardNothing) {
      this.status = 'error';
      this.finishTask('failed', { kind: 'failed', reason: 'no audio' }, end.reason);
      return;
    }
    this.status = 'idle';
    this.finishTask('completed', { kind: 'done' }, end.reason);
  }

  async speak(text: string, hooks: EngineHooks): Promise<EngineOutcome> {
    const clean = text.trim();
    if (!clean) return { kind: 'done' };
    if (!this.player.supported()) throw new Error(UNSUPPORTED_MPEG);
    this.cancel();
    const cancels = this.cancels;
    // not connected within 2 s (or known out of reach): rejects, and the device voice says the text
    const socket = await this.connection.forText();
    // cancelled while the socket was connecting (the queue gave up, or a newer text came)
    if (this.cancels !== cancels) return { kind: 'cancelled' };
    const task = newSpeechTask(clean, this.opts.now());
    this.player.startTask(task.id, () => hooks.onStart());
    this.status = 'speaking';
    this.opts.onTask(task);
    const options: Partial<SynthesisOptions> = {
      format: 'mp3',
      sampleRate: 22050,
      volume: 50,
      rate: Math.min(3, Math.max(0.5, this.opts.rate())),
      pitch: 1,
      textType: 'PlainText',
    };
    const voice = this.opts.voice();
    if (voice) options.voice = voice;
    return new Promise<EngineOutcome>((resolve) => {
      this.current = {
        task,
        settle: resolve,
        lastDataAt: task.startTime,
        hasData: false,
        awaitingStart: true,
        seq: 0,
        checks: 0,
        lastCheckAt: task.startTime,
        socketClosed: false,
        timer: setInterval(() => this.check(), this.opts.timings.endCheckIntervalMs),
      };
      this.pendingStarts += 1;
      socket.emit('startSynthesis', { options });
      socket.emit('synthesizeText', { text: clean });
    });
  }
}
