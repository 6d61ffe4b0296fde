import type { SceneMode } from '@sfm/protocol';
import { SCENE_MODES, type SceneModeEntry, type TapBehaviour } from '../scene-modes.ts';
import { AnalysisRun, type RunOptions, type RunSteps } from './analysis-run.ts';
import { AnsweredView } from './answered-view.ts';
import { AnswerSpeaking } from './answer-speaking.ts';
import { AutoCapture } from './auto-capture.ts';
import { DangerPacing } from './danger-pacing.ts';
import { Dialogue } from './dialogue.ts';
import { Listening } from './listening.ts';
import { LiveRun } from './live-run.ts';
import type { SceneContext } from './scene-context.ts';
import type { SceneDeps, TapOptions } from './scene-deps.ts';
import { freshState, type SceneState } from './scene-state.ts';
import { SceneStore } from './scene-store.ts';

/**
 * The see-for-me scene, independent of React: the parent of the scene's behaviours. It owns the mode
 * and the status (SceneStore), hears the screen (camera ready, a camera route, the foreground, the
 * tap) and hands each event to the behaviour it concerns, each in its own file with its own timers:
 * auto-capture.ts, analysis-run.ts (one capture, analysis and answer), answer-speaking.ts,
 * answered-view.ts, listening.ts, dialogue.ts, danger-pacing.ts, photo-keeping.ts. A mode change,
 * leaving the camera route or going to the background resets the scene: every behaviour stops and
 * clears its timers, and work begun before the reset is dropped at its next step.
 *
 * Adding a scene channel: an entry in the registry (../scene-modes.ts) with the tap, listening,
 * pace and scenario it borrows. A channel needing a behaviour none of these has adds one file here
 * for it, its tap named in the registry's TapBehaviour and handed to it in `taps` below.
 */
export class SceneController {
  private readonly registry: readonly SceneModeEntry[];
  private readonly store: SceneStore;
  private readonly ctx: SceneContext;
  private readonly auto: AutoCapture;
  private readonly answeredView: AnsweredView;
  private readonly danger: DangerPacing;
  private readonly answers: AnswerSpeaking;
  private readonly listening: Listening;
  private readonly dialogue: Dialogue;
  private readonly live: LiveRun;
  private run: AnalysisRun | null = null;
  /** Bumped on every reset: async work of an older epoch stops at its next step. */
  private epoch = 0;
  private cameraReady = false;
  private cameraRoute = true;
  private visible = true;

  /** What a tap does, by the mode's tap behaviour. */
  private readonly taps: Record<TapBehaviour, (options: TapOptions) => void> = {
    'stop-speech': (options) => this.stopSpeechTap(options),
    capture: () => this.captureTap(),
    'voice-question': () => this.listening.tap(),
    dialogue: () => this.dialogue.tap(),
    live: (options) => this.live.tap(options),
  };

  constructor(
    private readonly deps: SceneDeps,
    mode: SceneMode,
  ) {
    this.registry = deps.registry ?? SCENE_MODES;
    this.store = new SceneStore(deps, freshState(this.entryOf(mode)));
    this.ctx = {
      store: this.store,
      deps,
      entry: () => this.entry,
      epoch: () => this.epoch,
      cameraReady: () => this.cameraReady,
    };
    this.auto = new AutoCapture(
      this.ctx,
      () => this.cameraReady && this.cameraRoute && this.visible,
      () => this.analyse({ announce: false, auto: true }),
    );
    this.live = new LiveRun(this.ctx, () => this.cameraReady && this.cameraRoute && this.visible);
    this.answeredView = new AnsweredView(this.ctx);
    this.danger = new DangerPacing(this.ctx, (intervalMs) => this.auto.repace(intervalMs));
    this.answers = new AnswerSpeaking(this.ctx, this.danger);
    this.listening = new Listening(this.ctx, {
      asked: (question) =>
        this.analyse({ announce: false, shutter: this.entry.listening === 'continuous', prompt: question }),
      gaveUp: () => this.dialogue.end(),
    });
    this.dialogue = new Dialogue(this.ctx, this.listening, () => this.run?.cancel());
  }

  /** The facts changed: auto-capture and a live channel start or stop as they now allow. */
  private refreshPace(): void {
    this.auto.refresh();
    this.live.refresh();
  }

  private entryOf(mode: SceneMode): SceneModeEntry {
    const found = this.registry.find((m) => m.id === mode);
    if (!found) throw new Error(`scene mode ${mode} is not in the registry`);
    return found;
  }

  get entry(): SceneModeEntry {
    return this.entryOf(this.store.state.mode);
  }

  getState = (): SceneState => this.store.state;

  subscribe = (listener: (state: SceneState) => void): (() => void) => this.store.subscribe(listener);

  // ---- inputs from the screen -------------------------------------------------------------

  setMode(mode: SceneMode): void {
    if (mode === this.store.state.mode) return;
    const entry = this.entryOf(mode);
    this.reset();
    this.store.replace(freshState(entry));
    this.refreshPace();
  }

  setCameraReady(ready: boolean): void {
    if (ready === this.cameraReady) return;
    this.cameraReady = ready;
    this.refreshPace();
  }

  /** Spec §4: auto-capture runs on the camera routes only; off them, analysis is deactivated. */
  setCameraRoute(active: boolean): void {
    if (active === this.cameraRoute) return;
    this.cameraRoute = active;
    if (!active) this.reset();
    this.refreshPace();
  }

  /** Background: stop speech, analysis, listening and auto-capture. Foreground: auto resumes. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (!visible) this.reset();
    this.refreshPace();
  }

  /** The screen's camera status line (initialising, failed, …) goes through the scene status. */
  showCameraMessage(text: string, speak: boolean): void {
    this.store.showCameraMessage(text, speak);
  }

  /** The large click area. */
  tap(options: TapOptions = {}): void {
    this.taps[this.entry.tap](options);
  }

  /** 继续读: the rest of the last answer, which the brief answer left unsaid. */
  readOn(): void {
    this.answers.readOn();
  }

  /** 仍然描述: after retake advice, the next photo is described as well as it can be. */
  describeAnyway(): void {
    const { state } = this.store;
    if (!state.retake || this.store.busy) return;
    if (!this.cameraReady) return this.store.say('seeForMe.camera.abnormal');
    this.deps.speech.cancel();
    const question = this.entry.tap === 'capture' ? undefined : state.question || undefined;
    this.analyse({ announce: true, allowUnclearPhoto: true, prompt: question });
  }

  /** A live channel's button or choice (scene-state's liveControls). */
  liveControl(id: string, value?: string): void {
    this.live.control(id, value);
  }

  /** A question typed instead of spoken (qa and dialogue where no recognizer works). */
  ask(text: string): void {
    if (!text.trim()) return;
    if (!this.cameraReady) return this.store.say('seeForMe.camera.abnormal');
    this.deps.speech.cancel();
    if (this.entry.live) return this.askLive(text);
    this.listening.question(text);
  }

  /** Everything stops: speech, analysis, listening, timers (the screen unmounts). */
  dispose(): void {
    this.reset();
  }

  /** A question in a live mode: the channel's own answer ("灯开着吗"), or else the one the engine gives. */
  private askLive(text: string): void {
    void this.live.ask(text).then((answered) => {
      if (!answered) this.analyse({ announce: true, prompt: text });
    });
  }

  // ---- taps that need no behaviour of their own --------------------------------------------

  /** Auto modes: the tap stops the speech (or, with nothing said, tells once that nothing changed). */
  private stopSpeechTap(options: TapOptions): void {
    if (!this.deps.speech.isSpeaking() && this.answeredView.tellUnchanged()) return;
    this.deps.speech.cancel();
    if (options.confirm) this.store.say('seeForMe.speech.stopped');
  }

  /** On-demand modes: the tap captures (or, while the result is read, stops the reading). */
  private captureTap(): void {
    const { store } = this;
    if (this.deps.speech.isSpeaking() && store.state.phase !== 'capturing') {
      this.deps.speech.cancel();
      if (store.state.phase === 'speaking') store.set({ phase: 'idle' });
      return;
    }
    if (store.busy) return;
    if (!this.cameraReady) return store.say('seeForMe.camera.abnormal');
    this.analyse({ announce: true });
  }

  // ---- one analysis at a time ------------------------------------------------------------

  private readonly steps: RunSteps = {
    skipsView: (view) => this.answeredView.skips(view),
    answered: (entry, answer, view, context) => {
      this.answeredView.remember(view);
      return this.answers.answer(entry, answer, context);
    },
    turnOver: (entry) => this.dialogue.turnOver(entry),
    // auto-capture stops instead of repeating the server's words every 10 s
    refused: (error) => {
      this.auto.stop();
      this.store.set({
        isActive: false,
        pointsShortfall: error.error === 'points_login_required' ? 'login' : 'recharge',
      });
      this.store.sayText(error.message);
    },
  };

  private analyse(options: RunOptions): void {
    this.run?.cancel();
    this.run = new AnalysisRun(this.ctx, this.steps, options);
    void this.run.start();
  }

  // ---- reset ------------------------------------------------------------------------------

  private reset(): void {
    this.epoch += 1;
    this.deps.speech.cancel();
    this.run?.cancel();
    this.run = null;
    this.listening.stop();
    this.dialogue.end();
    this.auto.stop();
    this.live.stop();
    this.danger.stop();
    // back on the screen (or in another mode) the user wants to hear what is in view, even the same
    this.answeredView.remember(null);
    const { phase, isActive } = this.store.state;
    if (phase !== 'idle' || isActive) this.store.set({ phase: 'idle', isActive: false });
  }
}
