/** How many of the latest looks the median is taken over. */
const WINDOW = 5;

/**
 * Tells, once, that this device is too slow for a channel: the median of its latest look times
 * (detector and all, measured by the channel) has gone above `budgetMs`. A single slow frame (the
 * page busy, a garbage collection) does not count; the notice is not repeated while the mode is open.
 */
export class SlowDeviceWatch {
  private readonly times: number[] = [];
  private told = false;

  constructor(private readonly budgetMs: number) {}

  /** Records one look's duration; true the first time the median is above budget. */
  record(ms: number): boolean {
    this.times.push(ms);
    if (this.times.length > WINDOW) this.times.shift();
    if (this.told || this.times.length < WINDOW) return false;
    const sorted = [...this.times].sort((a, b) => a - b);
    this.told = sorted[Math.floor(WINDOW / 2)]! > this.budgetMs;
    return this.told;
  }
}
