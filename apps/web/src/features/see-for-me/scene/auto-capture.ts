import type { SceneContext } from './scene-context.ts';

/**
 * Auto-capture (spec §4, §9): in a mode with a capture interval, while the screen allows it (camera
 * ready, a camera route, the foreground), a capture at once and then one every interval. It owns the
 * one timer; `stop` clears it.
 */
export class AutoCapture {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ctx: SceneContext,
    /** The screen allows it: the camera is ready, on a camera route, in the foreground. */
    private readonly allowed: () => boolean,
    /** One capture of the tick. */
    private readonly capture: () => void,
  ) {}

  /** Starts or stops as the mode and the screen now allow (the facts changed). */
  refresh(): void {
    const { store } = this.ctx;
    if (!this.shouldRun()) {
      this.stop();
      if (store.state.isActive) store.set({ isActive: false });
      return;
    }
    if (store.state.isActive && this.timer) return;
    store.set({ isActive: true });
    // the first description comes at once: a user who opens the screen wants to hear it now
    this.tick();
  }

  /** The pace changed (danger): the next capture comes after `intervalMs`, not the old interval. */
  repace(intervalMs: number): void {
    if (this.shouldRun()) this.schedule(intervalMs);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private shouldRun(): boolean {
    // a live channel's interval paces its own frames (live-run.ts), not captures for the server
    const entry = this.ctx.entry();
    return entry.captureIntervalMs > 0 && !entry.live && this.allowed();
  }

  private schedule(delayMs: number): void {
    this.stop();
    this.timer = setTimeout(() => this.tick(), delayMs);
  }

  private tick(): void {
    if (!this.shouldRun()) return this.refresh();
    const { store } = this.ctx;
    this.schedule(store.state.intervalMs);
    if (store.busy) return;
    this.capture();
  }
}
