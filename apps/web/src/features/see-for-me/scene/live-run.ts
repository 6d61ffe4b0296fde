import type { ChannelCue, CueWords, LiveChannel, LiveFrame } from '../channels/live-channel.ts';
import { printOfPixels } from '../channels/frame-print.ts';
import { sameView, type ViewPrint } from '../view-print.ts';
import type { SceneContext } from './scene-context.ts';
import type { TapOptions } from './scene-deps.ts';

/** A channel that failed to load is retried no sooner than this (a flaky network, a worker error). */
const RETRY_LOAD_MS = 5_000;

/**
 * A live channel's run (channels/live-channel.ts): while a live mode is on screen and the screen
 * allows it, one frame every `captureIntervalMs` goes to the channel. A frame that shows what the
 * last analysed one showed is skipped where the channel says so; a tick that finds the channel still
 * busy is dropped rather than queued, so the channel always looks at the newest frame. Cues become
 * speech and the status line, tones, the hum and vibration. `stop` aborts the frame in hand,
 * silences the hum and releases the channel (its worker and models).
 */
export class LiveRun {
  private channel: LiveChannel | null = null;
  private loading: Promise<LiveChannel | null> | null = null;
  private loadFailedAt = -Infinity;
  /** "Cannot start" was said in this run of the mode: its retries fail quietly. */
  private unavailableSaid = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: AbortController | null = null;
  private lastPrint: ViewPrint | null = null;

  constructor(
    private readonly ctx: SceneContext,
    /** The screen allows it: the camera is ready, on a camera route, in the foreground. */
    private readonly allowed: () => boolean,
  ) {}

  /** Starts or stops as the mode and the screen now allow. */
  refresh(): void {
    if (!this.shouldRun()) return this.stop();
    if (this.timer || this.inFlight) return;
    this.ctx.store.set({ isActive: true });
    this.schedule(0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight?.abort();
    this.inFlight = null;
    this.lastPrint = null;
    this.ctx.deps.tones.hum(null);
    if (this.ctx.store.state.liveControls.length) this.ctx.store.set({ liveControls: [] });
    this.channel?.dispose();
    this.channel = null;
    this.loading = null;
    this.unavailableSaid = false;
  }

  /** A tap: the channel's own tap, or else the speech stops (as in the auto modes). */
  tap(options: TapOptions): void {
    void this.once(
      (channel, frame, signal) => (channel.tap ? channel.tap(frame, signal) : Promise.resolve(null)),
      true,
    ).then((handled) => {
      if (handled) return;
      this.ctx.deps.speech.cancel();
      if (options.confirm) this.ctx.store.say('seeForMe.speech.stopped');
    });
  }

  /** The user pressed a channel's button, or chose in its list (`value`). */
  control(id: string, value?: string): void {
    const control = this.ctx.store.state.liveControls.find((c) => c.id === id);
    if (!control) return;
    const epoch = this.ctx.epoch();
    const cues = control.kind === 'action' ? control.run() : control.choose(value ?? control.value);
    void cues
      .then((list) => {
        if (epoch === this.ctx.epoch()) for (const cue of list) this.apply(cue);
      })
      .catch((error: unknown) =>
        console.warn('live channel control:', error instanceof Error ? error.message : error),
      );
  }

  /** A question in this mode: true when the channel answered it. */
  async ask(question: string): Promise<boolean> {
    return this.once(
      (channel, frame, signal) =>
        channel.ask ? channel.ask(question, frame, signal) : Promise.resolve(null),
      true,
    );
  }

  private shouldRun(): boolean {
    const entry = this.ctx.entry();
    return Boolean(entry.live) && entry.captureIntervalMs > 0 && this.allowed();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delayMs);
  }

  private async tick(): Promise<void> {
    if (!this.shouldRun()) return this.stop();
    const started = this.now();
    await this.once(async (channel, frame, signal) => {
      const print = channel.skipUnchanged ? printOfPixels(frame.pixels) : null;
      if (print && sameView(this.lastPrint, print)) return [];
      const cues = await channel.look(frame, signal);
      if (print) this.lastPrint = print;
      return cues;
    });
    if (!this.shouldRun() || this.timer) return;
    // the next frame comes one interval after this one began: a slow channel is not asked twice as often
    this.schedule(Math.max(0, this.ctx.entry().captureIntervalMs - (this.now() - started)));
  }

  /**
   * One frame through `work`, unless one is in hand already (that one is newer than any queue would
   * be). Cues of a frame whose mode ended on the way are dropped. Resolves true when cues came back.
   */
  private async once(
    work: (channel: LiveChannel, frame: LiveFrame, signal: AbortSignal) => Promise<ChannelCue[] | null>,
    /** The user's own act (a tap, a question): it takes the place of a frame in hand, never waits behind it. */
    preempt = false,
  ): Promise<boolean> {
    if (preempt) this.inFlight?.abort();
    else if (this.inFlight) return false;
    if (!this.ctx.cameraReady()) return false;
    const epoch = this.ctx.epoch();
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const channel = await this.load();
      if (!channel || controller.signal.aborted) return false;
      const grabbedAt = performance.now();
      const pixels = await this.ctx.deps.grabPixels(channel.frameSide, controller.signal);
      if (!pixels || controller.signal.aborted) return false;
      const cues = await work(channel, { pixels, grabbedAt }, controller.signal);
      if (cues === null || controller.signal.aborted || epoch !== this.ctx.epoch()) return false;
      for (const cue of cues) this.apply(cue);
      return true;
    } catch (error) {
      if (!controller.signal.aborted)
        console.warn('live channel:', error instanceof Error ? error.message : error);
      return false;
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }

  /** The mode's channel, loaded once (its code and models come with the mode, not with the page). */
  private async load(): Promise<LiveChannel | null> {
    if (this.channel) return this.channel;
    const loader = this.ctx.entry().live;
    if (!loader || this.now() - this.loadFailedAt < RETRY_LOAD_MS) return null;
    const loading = (this.loading ??= loader().catch((error: unknown) => {
      this.loadFailedAt = this.now();
      // said once: a user who stays in the mode offline hears it again only on coming back to it
      if (!this.unavailableSaid) this.ctx.store.say('seeForMe.live.unavailable');
      this.unavailableSaid = true;
      console.warn('live channel failed to load:', error instanceof Error ? error.message : error);
      return null;
    }));
    const channel = await loading;
    // stopped (another mode) while it loaded: release what came too late
    if (this.loading !== loading) {
      channel?.dispose();
      return null;
    }
    this.loading = null;
    this.channel = channel;
    return channel;
  }

  private apply(cue: ChannelCue): void {
    const { deps, store } = this.ctx;
    if (cue.hush || cue.interrupt) deps.speech.cancel();
    if (cue.tone) deps.tones.beep(cue.tone);
    if (cue.hum !== undefined) deps.tones.hum(cue.hum);
    if (cue.vibrate) deps.vibrate(cue.vibrate);
    if (cue.controls) store.set({ liveControls: cue.controls });
    if (cue.say) {
      // said as an answer is: the result panel and the voice; the status line shows it quietly, so
      // no second live region announces it again
      const text = this.words(cue.say);
      store.status(text, { statusQuiet: true, lastResult: { text, at: Date.now() } });
      void deps.speech.speak(text);
    } else if (cue.show) {
      store.status(this.words(cue.show), { statusQuiet: true });
    }
  }

  private words(words: CueWords): string {
    return 'text' in words ? words.text : this.ctx.deps.t(words.key, words.params);
  }

  private now(): number {
    return this.ctx.deps.now?.() ?? performance.now();
  }
}
