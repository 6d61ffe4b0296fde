/**
 * Where a live channel's OCR runs: on the device, unless the device proves too slow for a live
 * channel (a reading every second or so), measured, not guessed from the platform: once the median
 * of the last few device readings is over the budget, the server reads instead, for the rest of the
 * mode. A device whose models could not load at all goes to the server at once.
 */

/** A reading slower than this is too slow for text read as it comes into view. */
export const DEVICE_BUDGET_MS = 1500;
/** The readings the median is taken over (the first, which pays for warm caches, is one of them). */
export const TIMED_READINGS = 5;

export type OcrEngine = 'device' | 'server';

export class EngineChoice {
  private readonly times: number[] = [];
  private chosen: OcrEngine;
  /** Forced, or decided: it no longer changes. */
  private settled: boolean;

  constructor(
    forced: OcrEngine | null = null,
    private readonly budgetMs = DEVICE_BUDGET_MS,
    private readonly readings = TIMED_READINGS,
  ) {
    this.chosen = forced ?? 'device';
    this.settled = forced !== null;
  }

  get engine(): OcrEngine {
    return this.chosen;
  }

  /** One device reading took `ms`. */
  recordDevice(ms: number): void {
    if (this.settled) return;
    this.times.push(ms);
    if (this.times.length > this.readings) this.times.shift();
    if (this.times.length === this.readings && median(this.times) > this.budgetMs) this.useServer();
  }

  /** The device cannot read (its models did not load). */
  deviceFailed(): void {
    if (!this.settled) this.useServer();
  }

  private useServer(): void {
    this.chosen = 'server';
    this.settled = true;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
