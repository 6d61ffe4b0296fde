import { mentionsTraffic } from '../danger-terms.ts';
import type { SceneModeEntry } from '../scene-modes.ts';
import type { SceneContext } from './scene-context.ts';

/** Spec §4 "Danger scenes" (our fix): the interval really drops to 5 s … */
export const DANGER_CAPTURE_MS = 5_000;
/** … until this many calm results in a row. */
export const CALM_RESULTS_TO_RELAX = 2;
/** Vibration pattern for a danger alert. */
export const DANGER_VIBRATION = [200, 100, 200];

/**
 * Danger pacing for the modes that watch for it: traffic in a result raises the alert and captures
 * every 5 s; two calm results in a row go back to the mode's own pace. It keeps no timer: the pace
 * is auto-capture's, told through `repace`.
 */
export class DangerPacing {
  private calmInRow = 0;

  constructor(
    private readonly ctx: SceneContext,
    private readonly repace: (intervalMs: number) => void,
  ) {}

  /** Judges a result: true when it is a danger warning (read with danger priority). */
  judge(entry: SceneModeEntry, description: string): boolean {
    if (!entry.dangerWatch) return false;
    const { store, deps } = this.ctx;
    if (mentionsTraffic(description)) {
      this.calmInRow = 0;
      const text = deps.t('seeForMe.status.danger');
      const wasDangerous = store.state.isDangerousScene;
      store.status(text, { isDangerousScene: true, intervalMs: DANGER_CAPTURE_MS });
      deps.alert(text);
      if (deps.vibrateOnDanger()) deps.vibrate(DANGER_VIBRATION);
      if (!wasDangerous) this.repace(DANGER_CAPTURE_MS);
      return true;
    }
    if (store.state.isDangerousScene) {
      this.calmInRow += 1;
      if (this.calmInRow >= CALM_RESULTS_TO_RELAX) {
        this.calmInRow = 0;
        store.status(deps.t('seeForMe.status.calm'), {
          isDangerousScene: false,
          intervalMs: entry.captureIntervalMs,
        });
        this.repace(entry.captureIntervalMs);
      }
    }
    return false;
  }

  /** The calm count starts again (a new mode, or back on the screen). */
  stop(): void {
    this.calmInRow = 0;
  }
}
