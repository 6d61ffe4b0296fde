import type { SceneModeEntry } from '../scene-modes.ts';
import type { Listening } from './listening.ts';
import type { SceneContext } from './scene-context.ts';

/**
 * Dialogue mode's conversation: a tap starts it (listening continuously), each answer hands the
 * turn back to the user (listening again, without "please speak"), and a tap ends it with every
 * step under way. It keeps no timer of its own: listening and the run own theirs.
 */
export class Dialogue {
  constructor(
    private readonly ctx: SceneContext,
    private readonly listening: Listening,
    /** Cancels the analysis under way. */
    private readonly cancelRun: () => void,
  ) {}

  get on(): boolean {
    return this.ctx.store.state.conversing;
  }

  tap(): void {
    const { store, deps } = this.ctx;
    if (this.on) {
      this.end();
      this.cancelRun();
      this.listening.stop();
      deps.speech.cancel();
      store.set({ phase: 'idle' });
      store.say('seeForMe.listen.ok');
      return;
    }
    if (!this.ctx.cameraReady()) return store.say('seeForMe.camera.abnormal');
    store.set({ conversing: true });
    void this.listening.start(true);
  }

  /** An answer was said: a conversation listens for the next question. */
  turnOver(entry: SceneModeEntry): void {
    if (entry.listening === 'continuous' && this.on) void this.listening.start(true, false);
  }

  end(): void {
    if (this.on) this.ctx.store.set({ conversing: false });
  }
}
