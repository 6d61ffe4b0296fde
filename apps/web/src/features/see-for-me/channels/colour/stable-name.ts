/**
 * A name said only once it holds: the first one at once (the mode just opened), a new one when it
 * has been seen on HOLD_FRAMES frames in a row over at least `holdMs`, so sweeping the camera across
 * a striped shirt or a seam does not rattle off every colour on the way.
 */
const HOLD_FRAMES = 2;

export class StableName<T> {
  private said: T | null = null;
  private candidate: T | null = null;
  private since = 0;
  private frames = 0;

  constructor(private readonly holdMs: number) {}

  /** The name seen on a frame at `at` (ms): the name to say now, or null. */
  next(name: T, at: number): T | null {
    if (this.said === null) return (this.said = name);
    if (name === this.said) {
      this.candidate = null;
      return null;
    }
    if (name !== this.candidate) {
      this.candidate = name;
      this.since = at;
      this.frames = 0;
    }
    this.frames += 1;
    if (this.frames < HOLD_FRAMES || at - this.since < this.holdMs) return null;
    this.candidate = null;
    return (this.said = name);
  }
}
