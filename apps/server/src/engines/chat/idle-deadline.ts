/**
 * A deadline that counts from the last sign of life: its signal aborts when `restart` was not
 * called for `ms` (a streamed answer may go on for minutes, but never stall that long).
 */
export class IdleDeadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ms: number) {
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  restart(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(new Error(`no progress for ${this.ms} ms`)), this.ms);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
