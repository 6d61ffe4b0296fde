import type { StreamTimings } from './cloud-speech-config.ts';
import type { MseAudioPlayer } from './mse-audio-player.ts';
import type { RunningTask } from './speech-task.ts';
import { endOfCloudSpeech, streamDone, type EndObservation } from './stream-end.ts';

/** How a task ended: its end reason, and whether nothing was ever heard (then it failed). */
export interface TaskEnd {
  reason: string;
  heardNothing: boolean;
}

/**
 * One tick of the cloud engine's end check (every `endCheckIntervalMs`): starts a short clip whose
 * data has stopped, tells the player when the stream is done, and counts the completion checks.
 * Returns how the task ended, or null while it goes on; the engine stops the player and settles.
 */
export function checkTaskEnd(
  current: RunningTask,
  player: MseAudioPlayer,
  timings: Readonly<StreamTimings>,
  now: number,
): TaskEnd | null {
  const snap = player.snapshot();
  const observation: EndObservation = {
    hasData: current.hasData,
    socketClosed: current.socketClosed,
    msSinceLastData: now - (current.hasData ? current.lastDataAt : current.task.startTime),
    playerEnded: snap.ended,
    playerCaughtUp: snap.caughtUp,
    bufferedEnd: snap.bufferedEnd,
    currentTime: snap.currentTime,
    completionChecks: current.checks,
  };
  if (!snap.started && current.hasData && observation.msSinceLastData > timings.shortClipWaitMs) {
    player.startNow(current.task.id);
  }
  if (streamDone(observation, timings)) {
    player.markStreamDone(current.task.id);
    if (now - current.lastCheckAt >= timings.completionCheckMs) {
      current.checks += 1;
      current.lastCheckAt = now;
    }
  }
  // spec §9 auto-stop: a voice that connected but sent no audio at all is given up early
  if (!current.hasData && !snap.started && observation.msSinceLastData >= timings.autoStopMs) {
    return { reason: 'auto-stop', heardNothing: true };
  }
  const reason = endOfCloudSpeech(observation, timings);
  if (!reason) return null;
  return { reason, heardNothing: reason === 'no-data' && !current.hasData };
}
