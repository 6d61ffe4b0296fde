import { mediaSourceConstructor } from '../../../platform/media.ts';
import { BROWSER_STREAM_TIMINGS, type StreamTimings } from './cloud-speech-config.ts';
import { shouldStartPlayback } from './stream-end.ts';

export const UNSUPPORTED_MPEG = '浏览器不支持 audio/mpeg 格式';

export interface AudioChunk {
  data: Uint8Array;
  seq: number;
}

export interface PlayerSnapshot {
  taskId: string | null;
  started: boolean;
  ended: boolean;
  /** Started, nothing queued and less than `endedRemainingS` of buffered audio left. */
  caughtUp: boolean;
  bufferedStart: number;
  bufferedEnd: number;
  currentTime: number;
  queued: number;
  bytesAppended: number;
}

interface AudioElementLike {
  src: string;
  currentTime: number;
  volume: number;
  readonly ended: boolean;
  play(): Promise<void>;
  pause(): void;
  removeAttribute(name: string): void;
  load(): void;
  addEventListener(type: string, listener: () => void): void;
}

export interface MseAudioPlayerDeps {
  MediaSource?: typeof MediaSource | null;
  createAudio?: () => AudioElementLike;
  createObjectURL?: (source: MediaSource) => string;
  revokeObjectURL?: (url: string) => void;
  /** Start buffer, kept buffer and "ended" threshold (default: the browser's). */
  timings?: Readonly<StreamTimings>;
  /** The speech volume, 0–1, read as each task starts: a change is heard from the next text on. */
  volume?: () => number;
}

/**
 * Plays one streamed MP3 task at a time through MediaSource. A new task id drops the previous
 * task, its queue and its state. Chunks are appended in order; playback starts once the start buffer
 * is reached (or the stream is done); at most `maxKeptBufferS` is kept buffered.
 */
export class MseAudioPlayer {
  private readonly MS: typeof MediaSource | null;
  private readonly deps: Required<Omit<MseAudioPlayerDeps, 'MediaSource' | 'timings'>>;
  private readonly timings: Readonly<StreamTimings>;
  private audio: AudioElementLike | null = null;
  private source: MediaSource | null = null;
  private buffer: SourceBuffer | null = null;
  private url: string | null = null;
  private queue: AudioChunk[] = [];
  private taskId: string | null = null;
  private started = false;
  private playing = false;
  private done = false;
  private bytes = 0;
  private onStart: (() => void) | null = null;

  constructor(deps: MseAudioPlayerDeps = {}) {
    this.MS = deps.MediaSource === undefined ? mediaSourceConstructor() : deps.MediaSource;
    this.timings = deps.timings ?? BROWSER_STREAM_TIMINGS;
    this.deps = {
      createAudio: deps.createAudio ?? (() => new Audio()),
      volume: deps.volume ?? (() => 1),
      createObjectURL: deps.createObjectURL ?? ((s) => URL.createObjectURL(s)),
      revokeObjectURL: deps.revokeObjectURL ?? ((u) => URL.revokeObjectURL(u)),
    };
  }

  supported(): boolean {
    try {
      return this.MS?.isTypeSupported('audio/mpeg') === true;
    } catch {
      return false;
    }
  }

  /** Starts a new task (cancelling the previous one). Throws the spec's message without audio/mpeg. */
  startTask(taskId: string, onStart: () => void): void {
    if (!this.supported() || !this.MS) throw new Error(UNSUPPORTED_MPEG);
    this.stop();
    this.taskId = taskId;
    this.onStart = onStart;
    const source = new this.MS();
    this.source = source;
    const audio = this.audio ?? this.deps.createAudio();
    this.audio = audio;
    audio.volume = this.deps.volume();
    if (!this.listening) {
      this.listening = true;
      audio.addEventListener('playing', () => {
        if (this.playing) return;
        this.playing = true;
        const cb = this.onStart;
        this.onStart = null;
        cb?.();
      });
    }
    source.addEventListener('sourceopen', () => {
      if (this.source !== source || this.taskId !== taskId) return;
      try {
        const sb = source.addSourceBuffer('audio/mpeg');
        sb.addEventListener('updateend', () => this.afterUpdate(source));
        this.buffer = sb;
        this.pump();
      } catch (error) {
        console.warn('audio/mpeg source buffer failed:', error);
      }
    });
    this.url = this.deps.createObjectURL(source);
    audio.src = this.url;
  }
  private listening = false;

  /** Queues a chunk for the current task; chunks of another task are ignored. */
  append(taskId: string, chunk: AudioChunk): void {
    if (taskId !== this.taskId || chunk.data.byteLength === 0) return;
    this.queue.push(chunk);
    this.pump();
  }

  /** No more data will come for this task: playback may start below the start buffer, then end. */
  markStreamDone(taskId: string): void {
    if (taskId !== this.taskId || this.done) return;
    this.done = true;
    this.pump();
  }

  /** Starts playback with whatever is buffered (a clip shorter than the start buffer whose data has stopped). */
  startNow(taskId: string): void {
    if (taskId !== this.taskId || this.started || !this.audio) return;
    if (this.bufferedRange().end <= 0) return;
    this.started = true;
    this.audio.play().catch((error: unknown) => console.warn('audio play refused:', error));
  }

  private bufferedRange(): { start: number; end: number } {
    try {
      const ranges = this.buffer?.buffered;
      if (!ranges || ranges.length === 0) return { start: 0, end: 0 };
      return { start: ranges.start(0), end: ranges.end(ranges.length - 1) };
    } catch {
      return { start: 0, end: 0 };
    }
  }

  private pump(): void {
    const sb = this.buffer;
    const source = this.source;
    if (!sb || !source || sb.updating) return;
    const chunk = this.queue.shift();
    if (chunk) {
      try {
        sb.appendBuffer(chunk.data as Uint8Array<ArrayBuffer>);
        this.bytes += chunk.data.byteLength;
      } catch (error) {
        console.warn('audio append failed:', error);
      }
      return;
    }
    this.maybeStart();
    if (this.done && source.readyState === 'open') {
      try {
        source.endOfStream();
      } catch {
        // already ended
      }
    }
  }

  private afterUpdate(source: MediaSource): void {
    if (source !== this.source) return;
    const sb = this.buffer;
    const audio = this.audio;
    if (sb && audio && !sb.updating) {
      const { start, end } = this.bufferedRange();
      const kept = this.timings.maxKeptBufferS;
      if (end - start > kept && audio.currentTime - start > 1) {
        try {
          sb.remove(start, Math.min(audio.currentTime - 1, end - kept));
          return; // updateend comes again
        } catch {
          // keep going
        }
      }
    }
    this.maybeStart();
    this.pump();
  }

  private maybeStart(): void {
    const audio = this.audio;
    if (!audio || this.started) return;
    const { end } = this.bufferedRange();
    if (!shouldStartPlayback(end - audio.currentTime, this.done, this.timings)) return;
    this.started = true;
    audio.play().catch((error: unknown) => {
      console.warn('audio play refused:', error);
    });
  }

  snapshot(): PlayerSnapshot {
    const { start, end } = this.bufferedRange();
    const currentTime = this.audio?.currentTime ?? 0;
    const caughtUp =
      this.started && this.queue.length === 0 && end > 0 && end - currentTime < this.timings.endedRemainingS;
    const ended = this.started && (this.audio?.ended === true || (this.done && caughtUp));
    return {
      taskId: this.taskId,
      started: this.started,
      ended,
      caughtUp,
      bufferedStart: start,
      bufferedEnd: end,
      currentTime,
      queued: this.queue.length,
      bytesAppended: this.bytes,
    };
  }

  /** Stops the current task and frees its MediaSource. */
  stop(): void {
    this.queue = [];
    this.taskId = null;
    this.started = false;
    this.playing = false;
    this.done = false;
    this.bytes = 0;
    this.onStart = null;
    const source = this.source;
    this.source = null;
    this.buffer = null;
    if (this.audio) {
      try {
        this.audio.pause();
        this.audio.removeAttribute('src');
        this.audio.load();
      } catch {
        // ignore
      }
    }
    if (source && source.readyState === 'open') {
      try {
        source.endOfStream();
      } catch {
        // ignore
      }
    }
    if (this.url) this.deps.revokeObjectURL(this.url);
    this.url = null;
  }
}
