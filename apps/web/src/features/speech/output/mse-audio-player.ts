import { mediaSourceConstructor } from '../../../platform/media.ts';

/** Spec §9 streamed audio player (browser values). */
export const MIN_START_BUFFER_S = 0.5;
export const MAX_KEPT_BUFFER_S = 100;
/** Remaining buffered audio under this counts as "ended" once the stream is done. */
export const ENDED_REMAINING_S = 0.15;
/** The stream is done and the buffer end is this close to the playhead. */
export const DRAINED_WITHIN_S = 0.5;
/** A gap in audio data longer than this is the end of the stream. */
export const STREAM_GAP_MS = 6_000;
/** Spec §9 end-of-stream grace: the player caught up and no data came for this long. */
export const END_OF_STREAM_GRACE_MS = 1_500;
/** The player ended and no data arrived for this long. */
export const NO_DATA_MS = 30_000;
/** Completion checks every 2 s once the stream is done; after 10 the task is over anyway. */
export const COMPLETION_CHECK_MS = 2_000;
export const MAX_COMPLETION_CHECKS = 10;
export const END_CHECK_INTERVAL_MS = 500;
/** Data stopped this long with less than 0.5 s buffered: play the short clip anyway. */
export const SHORT_CLIP_WAIT_MS = 300;

export const UNSUPPORTED_MPEG = '浏览器不支持 audio/mpeg 格式';

/** What the end check sees of a cloud speech task at one moment. */
export interface EndObservation {
  /** At least one audio chunk arrived. */
  hasData: boolean;
  /** The socket closed or ended the stream. */
  socketClosed: boolean;
  /** ms since the last audio chunk (or since the task started when none came). */
  msSinceLastData: number;
  playerEnded: boolean;
  /** Playback reached the end of what is buffered (less than 0.15 s left) and waits for more. */
  playerCaughtUp?: boolean;
  bufferedEnd: number;
  currentTime: number;
  /** Completion checks made since the stream was done. */
  completionChecks: number;
}

export type EndReason = 'player-ended' | 'buffer-drained' | 'no-data' | 'max-checks';

/**
 * Spec §4/§9: the stream counts as done when the socket closed, data paused longer than 6 s, or the
 * player has played everything and no data came within the 1.5 s end-of-stream grace (so a blind
 * user is not kept "speaking" for 6 s of silence after the voice ended).
 */
export function streamDone(
  o: Pick<EndObservation, 'socketClosed' | 'hasData' | 'msSinceLastData' | 'playerCaughtUp'>,
): boolean {
  if (o.socketClosed) return true;
  if (!o.hasData) return false;
  if (o.msSinceLastData > STREAM_GAP_MS) return true;
  return o.playerCaughtUp === true && o.msSinceLastData > END_OF_STREAM_GRACE_MS;
}

/** Spec §4 end of cloud speech, as a pure function; null while the speech is still going. */
export function endOfCloudSpeech(o: EndObservation): EndReason | null {
  const done = streamDone(o);
  if (done && o.playerEnded) return 'player-ended';
  if (done && o.hasData && o.bufferedEnd - o.currentTime <= DRAINED_WITHIN_S) return 'buffer-drained';
  if (o.playerEnded && o.msSinceLastData >= NO_DATA_MS) return 'no-data';
  if (!o.hasData && o.msSinceLastData >= NO_DATA_MS) return 'no-data';
  if (done && o.completionChecks >= MAX_COMPLETION_CHECKS) return 'max-checks';
  return null;
}

/** Should playback start now? Once 0.5 s is buffered, or the stream is done with anything buffered. */
export function shouldStartPlayback(buffered: number, done: boolean): boolean {
  return buffered >= MIN_START_BUFFER_S || (done && buffered > 0);
}

export interface AudioChunk {
  data: Uint8Array;
  seq: number;
}

export interface PlayerSnapshot {
  taskId: string | null;
  started: boolean;
  ended: boolean;
  /** Started, nothing queued and less than 0.15 s of buffered audio left. */
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
}

/**
 * Plays one streamed MP3 task at a time through MediaSource. A new task id drops the previous
 * task, its queue and its state. Chunks are appended in order; playback starts once 0.5 s is
 * buffered (or the stream is done); at most 100 s is kept buffered.
 */
export class MseAudioPlayer {
  private readonly MS: typeof MediaSource | null;
  private readonly deps: Required<Omit<MseAudioPlayerDeps, 'MediaSource'>>;
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
    this.deps = {
      createAudio: deps.createAudio ?? (() => new Audio()),
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

  /** No more data will come for this task: playback may start with less than 0.5 s, then end. */
  markStreamDone(taskId: string): void {
    if (taskId !== this.taskId || this.done) return;
    this.done = true;
    this.pump();
  }

  /** Starts playback with whatever is buffered (a clip shorter than 0.5 s whose data has stopped). */
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
      if (end - start > MAX_KEPT_BUFFER_S && audio.currentTime - start > 1) {
        try {
          sb.remove(start, Math.min(audio.currentTime - 1, end - MAX_KEPT_BUFFER_S));
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
    if (!shouldStartPlayback(end - audio.currentTime, this.done)) return;
    this.started = true;
    audio.play().catch((error: unknown) => {
      console.warn('audio play refused:', error);
    });
  }

  snapshot(): PlayerSnapshot {
    const { start, end } = this.bufferedRange();
    const currentTime = this.audio?.currentTime ?? 0;
    const ended =
      this.started &&
      (this.audio?.ended === true ||
        (this.done && this.queue.length === 0 && end > 0 && end - currentTime < ENDED_REMAINING_S));
    const caughtUp =
      this.started && this.queue.length === 0 && end > 0 && end - currentTime < ENDED_REMAINING_S;
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
