import type { Detections } from '../detector/detections.ts';
import {
  bearingOf,
  distanceChanged,
  distanceOf,
  distanceWord,
  steadyClockOf,
  type ClockHour,
  type DistanceWord,
} from '../detector/placement.ts';
import { beepPace, type BeepPace } from './beep-pace.ts';
import { sightingOf, type FindTarget } from './find-targets.ts';

/** Where the thing is, as said: "杯子在你的一点钟方向，大约一米". */
export interface Whereabouts {
  clock: ClockHour;
  distance: DistanceWord;
}

export type FindSpeech = { kind: 'at'; where: Whereabouts } | { kind: 'notFound' };

/** What one frame changes. */
export interface FindStep {
  speech: FindSpeech | null;
  /** The beeps from now on (null: none, the thing is out of view; absent: as they were). */
  pace?: BeepPace | null;
  /** The thing has just come to the centre of the view: a short vibration. */
  centred: boolean;
}

/** Within this many degrees of straight ahead the thing is centred; it stays so up to LEAVE_CENTRE_DEG. */
const CENTRE_DEG = 5;
const LEAVE_CENTRE_DEG = 8;
/** Frames without the thing for this long: it is out of view (the beeps stop; finding it again is said). */
const LOST_MS = 1_500;
/** Not seen for this long (since the search began, or since it was lost): "还没找到杯子", once. */
const NOT_FOUND_MS = 6_000;
/** A new position is said no sooner than this after the last words (a moving phone is not a chatterbox). */
const MIN_GAP_MS = 1_500;

/**
 * One search for one thing, frame by frame: beeps while it is in view, its clock direction and
 * distance said when first seen and when they change meaningfully (an hour past a margin, a
 * distance a third nearer or farther), a vibration as it comes to the centre, and "not found yet"
 * said once when it has not been seen for a while.
 */
export class FindGuide {
  private said: { where: Whereabouts; metres: number } | null = null;
  private saidAt = -Infinity;
  private lastSeenAt: number | null = null;
  private missingSince: number;
  private notFoundSaid = false;
  private centred = false;
  private where: Whereabouts | null = null;

  constructor(
    readonly target: FindTarget,
    startedAt: number,
  ) {
    this.missingSince = startedAt;
  }

  next(detections: Detections, now: number): FindStep {
    const seen = sightingOf(this.target, detections.things);
    if (!seen) return this.missing(now);
    this.lastSeenAt = now;
    this.notFoundSaid = false;
    const bearing = bearingOf(seen.box);
    const metres = distanceOf(seen.box, this.target.size, detections.aspect);
    const clock = steadyClockOf(bearing, this.said?.where.clock ?? null);
    this.where = { clock, distance: distanceWord(metres) };
    const wasCentred = this.centred;
    this.centred = Math.abs(bearing) <= (wasCentred ? LEAVE_CENTRE_DEG : CENTRE_DEG);
    const step: FindStep = { speech: null, pace: beepPace(seen.box), centred: this.centred && !wasCentred };
    if (this.worthSaying(clock, metres, now)) {
      this.said = { where: this.where, metres };
      this.saidAt = now;
      step.speech = { kind: 'at', where: this.where };
    }
    return step;
  }

  /** A tap: where the thing was last seen (within LOST_MS), else that it is not found yet. */
  tell(now: number): FindSpeech {
    this.saidAt = now;
    if (this.where && this.lastSeenAt !== null && now - this.lastSeenAt <= LOST_MS) {
      return { kind: 'at', where: this.where };
    }
    return { kind: 'notFound' };
  }

  private worthSaying(clock: ClockHour, metres: number, now: number): boolean {
    if (!this.said) return true;
    if (now - this.saidAt < MIN_GAP_MS) return false;
    return (
      clock !== this.said.where.clock ||
      (distanceChanged(this.said.metres, metres) && distanceWord(metres) !== this.said.where.distance)
    );
  }

  private missing(now: number): FindStep {
    if (this.lastSeenAt !== null && now - this.lastSeenAt <= LOST_MS) {
      // one frame without it is the detector's miss, not the thing gone: the beeps go on
      return { speech: null, centred: false };
    }
    const step: FindStep = { speech: null, pace: null, centred: false };
    if (this.lastSeenAt !== null) {
      // it is out of view: the next sighting is said again, wherever it is
      this.missingSince = this.lastSeenAt + LOST_MS;
      this.lastSeenAt = null;
      this.said = null;
      this.where = null;
      this.centred = false;
    }
    if (!this.notFoundSaid && now - this.missingSince >= NOT_FOUND_MS) {
      this.notFoundSaid = true;
      this.saidAt = now;
      step.speech = { kind: 'notFound' };
    }
    return step;
  }
}
