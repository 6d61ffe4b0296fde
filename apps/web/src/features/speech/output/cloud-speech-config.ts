import type { PlatformName } from '../../../platform/platform.ts';
import type { SocketOptions } from '../speech-socket.ts';

/** The streamed audio player's and the end-of-cloud-speech check's timings (spec §4, §9). */
export interface StreamTimings {
  /** Playback starts once this much audio (s) is buffered, or earlier once the stream is done. */
  minStartBufferS: number;
  /** At most this much audio (s) is kept buffered; older, played audio is removed. */
  maxKeptBufferS: number;
  /** Less audio (s) than this left ahead of the playhead counts as ended (stream done) or caught up. */
  endedRemainingS: number;
  /** The stream is done and the buffer end is this close (s) to the playhead: the speech is over. */
  drainedWithinS: number;
  /** A gap in audio data longer than this (ms) is the end of the stream. */
  streamGapMs: number;
  /** The player caught up and no data came for this long (ms): the end of the stream. */
  endOfStreamGraceMs: number;
  /** The player ended (or nothing came at all) and no data arrived for this long (ms). */
  noDataMs: number;
  /** One completion check every this many ms once the stream is done… */
  completionCheckMs: number;
  /** …and after this many the task is over anyway. */
  maxCompletionChecks: number;
  /**
   * How often the cloud engine runs its end check (ms). Spec §9 polls the stream's end every 1 s;
   * twice as often here, because the next text (a new result, the answer to a question) waits for
   * this check to hear that the last one ended: up to half a second sooner, for a check that only
   * reads the player's state.
   */
  endCheckIntervalMs: number;
  /** Data stopped this long (ms) with less than the start buffer: the short clip plays anyway. */
  shortClipWaitMs: number;
  /**
   * Spec §9 auto-stop: no audio at all this long (ms) after the text was sent and playback has not
   * started: the task fails, and the service says the text with the device's own voice at once
   * (noDataMs is the longer net for a stream that started and then stalled).
   */
  autoStopMs: number;
}

export const BROWSER_STREAM_TIMINGS: Readonly<StreamTimings> = {
  minStartBufferS: 0.5,
  maxKeptBufferS: 100,
  endedRemainingS: 0.15,
  drainedWithinS: 0.5,
  streamGapMs: 6_000,
  endOfStreamGraceMs: 1_500,
  noDataMs: 30_000,
  completionCheckMs: 2_000,
  maxCompletionChecks: 10,
  endCheckIntervalMs: 500,
  shortClipWaitMs: 300,
  autoStopMs: 2_000,
};

/** Spec §4/§9 give the Android app its own values; the rest are shared. */
export const ANDROID_STREAM_TIMINGS: Readonly<StreamTimings> = {
  ...BROWSER_STREAM_TIMINGS,
  // Spec §9: "1 s plus 2 s extra on Android". Read as one 3 s threshold: the Android minimum of 1 s
  // with the 2 s Android extra added on top. The spec names no case where only the 1 s applies, so
  // the two are not alternatives, and a "plus" that is never added would mean nothing.
  minStartBufferS: 1 + 2,
  endedRemainingS: 0.2,
  streamGapMs: 8_000,
  endOfStreamGraceMs: 2_000,
};

/** The spec has Android values only: iOS and the browser share the browser's. */
export function streamTimingsFor(name: PlatformName): Readonly<StreamTimings> {
  return name === 'android' ? ANDROID_STREAM_TIMINGS : BROWSER_STREAM_TIMINGS;
}

/**
 * How the /speech-synthesis socket connects (spec §7). `timeoutMs` is socket.io's connect timeout
 * and how long a connection attempt is given: the spec's "timeout" and "connection timeout", 30 s.
 * No text waits that long for it (SYNTHESIS_CONNECT_WAIT_MS).
 */
export type SynthesisSocketOptions = Omit<SocketOptions, 'auth' | 'timeoutMs'> & { timeoutMs: number };

/** Spec §7: the connection timeout is 30 s. */
export const SYNTHESIS_CONNECT_TIMEOUT_MS = 30_000;

/**
 * How long a text waits for the cloud voice to connect before the device's voice says it. A
 * connection given its 30 s would otherwise keep a text silent that long (the queue's guard gives
 * up only after 10 s); 2 s is the spec's own patience with a cloud voice that has not begun (the
 * auto-stop delay). The attempt goes on in the background. Once a text has given up on it, or an
 * attempt has failed, texts do not wait at all until a connection succeeds (SynthesisConnection):
 * no text waits more than 2 s for a connection, and the cloud voice is back with the first text
 * after it connects.
 */
export const SYNTHESIS_CONNECT_WAIT_MS = 2_000;

/** Browser: no reconnection; the next text opens a new socket when this one is gone. */
export const BROWSER_SYNTHESIS_SOCKET: Readonly<SynthesisSocketOptions> = {
  timeoutMs: SYNTHESIS_CONNECT_TIMEOUT_MS,
};

/**
 * Spec §7 Android: timeout 30 s, forceNew, reconnection with 5 attempts 1 s apart. socket.io's
 * reconnection brings back a connection that dropped; a first connection that fails is still reported
 * at once, so a text falls back to the device voice instead of waiting for the retries.
 */
export const ANDROID_SYNTHESIS_SOCKET: Readonly<SynthesisSocketOptions> = {
  timeoutMs: SYNTHESIS_CONNECT_TIMEOUT_MS,
  forceNew: true,
  reconnection: { attempts: 5, delayMs: 1_000 },
};

export function synthesisSocketOptionsFor(name: PlatformName): Readonly<SynthesisSocketOptions> {
  return name === 'android' ? ANDROID_SYNTHESIS_SOCKET : BROWSER_SYNTHESIS_SOCKET;
}
