import { RING_PROGRESS_SECONDS } from '@sfm/protocol/calls';
import type { CallsConfig } from '../../config/calls-config.ts';

type RingingConfig = Pick<
  CallsConfig,
  'batchSize' | 'batchGrowth' | 'maxBatchSize' | 'batchSeconds' | 'volunteerSeconds'
>;

/** One moment of a call's ringing: a batch to ring, the seeker's progress to tell, or both. */
export interface RingStep {
  /** Seconds after the call was asked for. */
  atSeconds: number;
  /** The batch rung then (numbered from 1) and how many volunteers it may ring. */
  batch: { number: number; size: number } | null;
  /** Whether the seeker hears then how many volunteers have been notified so far. */
  progress: boolean;
}

/**
 * How many volunteers batch `number` (from 1) rings: the first batch's size, times the growth for
 * every batch before, capped (2, 4, 8, 16, 32, 32 … by default).
 */
export function batchSize(config: RingingConfig, number: number): number {
  const grown = Math.round(config.batchSize * config.batchGrowth ** (number - 1));
  return Math.min(config.maxBatchSize, grown);
}

/**
 * A call's ringing while volunteers are rung, in order: a batch every `batchSeconds`, each larger
 * than the last (the first at 0 s), and the seeker's progress every RING_PROGRESS_SECONDS, until
 * `volunteerSeconds` (then the call goes to the operators). A moment with both rings the batch
 * first, so the count the seeker hears includes it.
 */
export function ringingSchedule(
  config: RingingConfig,
  progressSeconds: number = RING_PROGRESS_SECONDS,
): RingStep[] {
  const steps = new Map<number, RingStep>();
  const at = (seconds: number) => {
    const step = steps.get(seconds) ?? { atSeconds: seconds, batch: null, progress: false };
    steps.set(seconds, step);
    return step;
  };
  let number = 0;
  for (let seconds = 0; seconds < config.volunteerSeconds; seconds += config.batchSeconds) {
    number += 1;
    at(seconds).batch = { number, size: batchSize(config, number) };
  }
  for (let seconds = progressSeconds; seconds < config.volunteerSeconds; seconds += progressSeconds) {
    at(seconds).progress = true;
  }
  return [...steps.values()].sort((a, b) => a.atSeconds - b.atSeconds);
}
