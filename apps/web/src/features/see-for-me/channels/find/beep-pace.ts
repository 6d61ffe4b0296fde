import type { FrameBox } from '../detector/detections.ts';
import { bearingOf, CAMERA_FOV_DEG } from '../detector/placement.ts';
import type { ToneCue } from '../live-channel.ts';

/** The beeps while the thing is in view: how often, and at what pitch. */
export interface BeepPace {
  intervalMs: number;
  tone: ToneCue;
}

/** At the frame's edge and small in view: a slow, low beep. */
const SLOWEST_MS = 900;
/** Centred and filling much of the view: a fast, high one. */
const FASTEST_MS = 150;
const LOW_HZ = 440;
const HIGH_HZ = 880;
const BEEP_MS = 60;
/** The box's side (square root of its share of the frame) at which "big in view" is full. */
const FULL_SIDE = 0.5;
/** Being centred counts more than being big: it is what the user turns the phone for. */
const CENTRE_WEIGHT = 0.65;

/**
 * The beeps for a sighting: faster as it comes to the centre and as it grows in view (closer), and
 * higher as it comes to the centre, so pitch alone says "warmer" while turning.
 */
export function beepPace(box: FrameBox, fovDeg = CAMERA_FOV_DEG): BeepPace {
  const centred = 1 - Math.min(1, Math.abs(bearingOf(box, fovDeg)) / (fovDeg / 2));
  const big = Math.min(1, Math.sqrt(box.width * box.height) / FULL_SIDE);
  const urgency = CENTRE_WEIGHT * centred + (1 - CENTRE_WEIGHT) * big;
  return {
    intervalMs: Math.round(SLOWEST_MS - (SLOWEST_MS - FASTEST_MS) * urgency),
    tone: { frequencyHz: Math.round(LOW_HZ + (HIGH_HZ - LOW_HZ) * centred), durationMs: BEEP_MS },
  };
}

/**
 * Plays beeps at the newest pace between frames (a frame takes 0.2–0.5 s on the device, a beep
 * comes every 0.15–0.9 s): `set` changes the pace — a faster one at once, counted from the last
 * beep, so turning towards the thing is heard without waiting out a slow gap — and `set(null)`
 * stops them.
 */
export class BeepPacer {
  private pace: BeepPace | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastBeepAt = 0;

  constructor(
    private readonly beep: (tone: ToneCue) => void,
    private readonly now: () => number = Date.now,
  ) {}

  set(pace: BeepPace | null): void {
    const before = this.pace;
    this.pace = pace;
    if (!pace) return this.stop();
    if (!before) return this.tick();
    if (pace.intervalMs < before.intervalMs) this.schedule(this.lastBeepAt + pace.intervalMs - this.now());
  }

  stop(): void {
    this.pace = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.max(0, delayMs));
  }

  private tick(): void {
    if (!this.pace) return;
    this.beep(this.pace.tone);
    this.lastBeepAt = this.now();
    this.schedule(this.pace.intervalMs);
  }
}
