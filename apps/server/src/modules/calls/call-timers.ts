import type { Logger } from 'pino';

/** Runs `run` after `ms`; returns the cancel. Tests pass one they advance by hand. */
export interface Scheduler {
  after(ms: number, run: () => Promise<void>): () => void;
}
export const realScheduler: Scheduler = {
  after(ms, run) {
    const timer = setTimeout(() => void run(), ms);
    return () => clearTimeout(timer);
  },
};

/**
 * This node's pending steps of each call: the ringing's batches, progress, escalation and expiry,
 * and a lost member's grace. Kept by call, so whatever ends a call cancels all of them at once.
 * A step runs on the node that scheduled it; the step itself is a conditional UPDATE, so one that
 * fires after the call moved on elsewhere does nothing.
 */
export class CallTimers {
  /** Cancels of this node's pending timers, by call. */
  private readonly timers = new Map<string, (() => void)[]>();

  constructor(private readonly deps: { scheduler: Scheduler; logger: Logger }) {}

  schedule(callId: string, seconds: number, step: () => Promise<unknown>): void {
    const cancel = this.deps.scheduler.after(seconds * 1000, () => {
      // a step that ran is no longer pending (a grace that found the member back leaves nothing behind)
      const left = (this.timers.get(callId) ?? []).filter((c) => c !== cancel);
      if (left.length > 0) this.timers.set(callId, left);
      else this.timers.delete(callId);
      return step().then(
        () => undefined,
        (err: unknown) => this.deps.logger.error({ err, callId }, 'call step failed'),
      );
    });
    this.timers.set(callId, [...(this.timers.get(callId) ?? []), cancel]);
  }

  cancel(callId: string): void {
    for (const cancel of this.timers.get(callId) ?? []) cancel();
    this.timers.delete(callId);
  }

  /** Stops this node's timers (the server is closing). */
  close(): void {
    for (const id of [...this.timers.keys()]) this.cancel(id);
  }
}
