/**
 * When a streamed cloud speech task is over, and when its playback may start: the spec's end-of-speech
 * rules as pure functions, so the engine's end check and the player share them and tests can
 * walk every threshold without audio.
 */
import { BROWSER_STREAM_TIMINGS, type StreamTimings } from './cloud-speech-config.ts';

/** What the end check sees of a cloud speech task at one moment. */
export interface EndObservation {
  /** At least one audio chunk arrived. */
  hasData: boolean;
  /** The socket closed or ended the stream. */
  socketClosed: boolean;
  /** ms since the last audio chunk (or since the task started when none came). */
  msSinceLastData: number;
  playerEnded: boolean;
  /** Playback reached the end of what is buffered (less than `endedRemainingS` left) and waits for more. */
  playerCaughtUp?: boolean;
  bufferedEnd: number;
  currentTime: number;
  /** Completion checks made since the stream was done. */
  completionChecks: number;
}

export type EndReason = 'player-ended' | 'buffer-drained' | 'no-data' | 'max-checks';

/**
 * Spec §4/§9: the stream counts as done when the socket closed, data paused longer than the gap
 * threshold (6 s, 8 s on Android), or the player has played everything and no data came within the
 * end-of-stream grace (1.5 s, 2 s on Android), so a blind user is not kept "speaking" through seconds
 * of silence after the voice ended.
 */
export function streamDone(
  o: Pick<EndObservation, 'socketClosed' | 'hasData' | 'msSinceLastData' | 'playerCaughtUp'>,
  t: Readonly<StreamTimings> = BROWSER_STREAM_TIMINGS,
): boolean {
  if (o.socketClosed) return true;
  if (!o.hasData) return false;
  if (o.msSinceLastData > t.streamGapMs) return true;
  return o.playerCaughtUp === true && o.msSinceLastData > t.endOfStreamGraceMs;
}

/** Spec §4 end of cloud speech, as a pure function; null while the speech is still going. */
export function endOfCloudSpeech(
  o: EndObservation,
  t: Readonly<StreamTimings> = BROWSER_STREAM_TIMINGS,
): EndReason | null {
  const done = streamDone(o, t);
  if (done && o.playerEnded) return 'player-ended';
  if (done && o.hasData && o.bufferedEnd - o.currentTime <= t.drainedWithinS) return 'buffer-drained';
  if (o.playerEnded && o.msSinceLastData >= t.noDataMs) return 'no-data';
  if (!o.hasData && o.msSinceLastData >= t.noDataMs) return 'no-data';
  if (done && o.completionChecks >= t.maxCompletionChecks) return 'max-checks';
  return null;
}

/** Should playback start now? Once the start buffer is reached, or the stream is done with anything buffered. */
export function shouldStartPlayback(
  buffered: number,
  done: boolean,
  t: Readonly<StreamTimings> = BROWSER_STREAM_TIMINGS,
): boolean {
  return buffered >= t.minStartBufferS || (done && buffered > 0);
}
