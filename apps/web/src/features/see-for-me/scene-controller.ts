import {
  scenePrompt,
  type AnalyzeRequest,
  type CompressionPreset,
  type PhotoProblem,
  type SceneMode,
  type Verbosity,
} from '@sfm/protocol';
import type { PhotoSaveOutcome } from '../../platform/index.ts';
import { routes } from '../../ui/routes.ts';
import type { SpeechInput, SpeechInputError, SpeechOutput } from '../speech/index.ts';
import { AnalysisError, isAbortError, type AnalysisAnswer } from './analysis-client.ts';
import type { CapturedFrame } from './capture.ts';
import { mentionsTraffic } from './danger-terms.ts';
import { SCENE_MODES, type SceneModeEntry } from './scene-modes.ts';
import { briefParts } from './spoken-parts.ts';
import { sameView, type ViewPrint } from './view-print.ts';

/** Spec §4 "Danger scenes" (our fix): the interval really drops to 5 s … */
export const DANGER_CAPTURE_MS = 5_000;
/** … until this many calm results in a row. */
export const CALM_RESULTS_TO_RELAX = 2;
/** Spec §9: voice question time-out. */
export const LISTEN_TIMEOUT_MS = 30_000;
/** A tap's analysis not answered by then: "还在识别" is said once, so the wait is not silent. */
export const PROGRESS_WORD_MS = 2_000;
/** An analysis not answered by then is given up and the user told so (a clear end, not a long silence). */
export const ANALYSIS_DEADLINE_MS = 10_000;
/** Vibration pattern for a danger alert. */
export const DANGER_VIBRATION = [200, 100, 200];

/** The question sent: a market scene's own prompt (with the user's question after it), or the user's. */
function promptFor(entry: SceneModeEntry, question?: string): { prompt?: string; sceneId?: string } {
  if (entry.prompt) {
    return {
      prompt: scenePrompt(entry.prompt, question),
      ...(entry.sceneId ? { sceneId: entry.sceneId } : {}),
    };
  }
  return question ? { prompt: question } : {};
}

/** Spec §4: auto-capture runs on these routes only. */
export function isCameraRoute(pathname: string): boolean {
  const marketUse = routes.marketUse.replace(':id', '');
  return pathname === routes.seeForMe || pathname === routes.home || pathname.startsWith(marketUse);
}

/** What the scene is doing. */
export type ScenePhase = 'idle' | 'listening' | 'capturing' | 'analyzing' | 'speaking';

/** The state machine, as a table: from → allowed next phases (every phase may reset to idle). */
export const SCENE_TRANSITIONS: Readonly<Record<ScenePhase, readonly ScenePhase[]>> = {
  idle: ['listening', 'capturing'],
  listening: ['capturing', 'idle'],
  capturing: ['analyzing', 'idle'],
  analyzing: ['speaking', 'idle'],
  // an auto capture may start while the last result is still being read; dialogue listens again
  speaking: ['idle', 'capturing', 'listening'],
};

export function canTransition(from: ScenePhase, to: ScenePhase): boolean {
  return from === to || to === 'idle' || SCENE_TRANSITIONS[from].includes(to);
}

export interface SceneResult {
  text: string;
  /** ms since epoch. */
  at: number;
}

/** Spec §3 scene state (+ what the screen shows). */
export interface SceneState {
  /** Spec §3's currentMode. */
  mode: SceneMode;
  /** Spec §3's currentSceneId: the market scene running, null in a built-in mode. */
  currentSceneId: string | null;
  phase: ScenePhase;
  /** The visible (and politely announced) status line. */
  statusMessage: string;
  /** Bumped on every status set, so the same text can be announced again. */
  statusSeq: number;
  /** The status line's text is also spoken (so a screen reader as the voice needs it only once). */
  statusSpoken: boolean;
  /** The status went back to rest (the step it named is over): shown, not announced again. */
  statusQuiet: boolean;
  question: string;
  lastResult: SceneResult | null;
  lastAnalysisDescription: string;
  isDangerousScene: boolean;
  /** Auto-capture is running. */
  isActive: boolean;
  isAnalyzing: boolean;
  /** The current auto-capture period (10 s, 5 s while dangerous; 0 for on-demand modes). */
  intervalMs: number;
  listening: boolean;
  /** Dialogue mode is holding a conversation (between turns too). */
  conversing: boolean;
  /** Bumped when a tap asks for the typed question (no recognizer works here): focus goes there. */
  typedQuestionSeq: number;
  /** The last analysis was refused for points: the page offers recharging (or logging in, for a device). */
  pointsShortfall: 'recharge' | 'login' | null;
  /**
   * The last photo could not be used (the result is how to take it again): the page offers to
   * describe it anyway, and auto-capture does not repeat the same advice.
   */
  retake: PhotoProblem | null;
  /** What the brief answer left unsaid: shown already, read on request ("继续读"). */
  unread: string;
}

export type SoundName = 'shutter' | 'ding';

/** Spec §9 savePhoto: the full-resolution photo of each analysed capture, kept for the user. */
export interface PhotoKeeper {
  /** The preference, read at each capture: a change in the settings applies at once. */
  enabled: () => boolean;
  /** The captured moment as the photo to keep, grabbed together with the capture. */
  grab: () => Promise<Blob>;
  /** Keeps it (album, internal storage or a download): where it went names what is said. */
  keep: (photo: Blob) => Promise<PhotoSaveOutcome>;
}

export interface SceneDeps {
  speech: SpeechOutput;
  t: (key: string, params?: Record<string, string>) => string;
  /** Grabs a frame and encodes it for the preset (waits ≤ 3 s for the stream), with its view's print. */
  capture: (preset: CompressionPreset, signal: AbortSignal) => Promise<CapturedFrame>;
  analyze: (request: AnalyzeRequest, signal: AbortSignal) => Promise<AnalysisAnswer>;
  playSound: (name: SoundName) => void;
  /** The assertive alert region (danger). */
  alert: (text: string) => void;
  vibrate: (pattern: number[]) => void;
  /** The verbosity setting, read at each answer: brief says the first sentences, the rest on request. */
  verbosity: () => Verbosity;
  /** Whether a danger warning also vibrates (the vibrateOnDanger setting, read at each warning). */
  vibrateOnDanger: () => boolean;
  createSpeechInput: (options: { continuous: boolean }) => SpeechInput | null;
  /** Microphone permission (with the rationale overlay); true when granted. */
  requestMicrophone: () => Promise<boolean>;
  /** True the first time voice input is found unavailable in this page load (the notice is said once). */
  claimUnavailableNotice: () => boolean;
  /** Absent: photos are never kept (a screen without a camera of its own). */
  photos?: PhotoKeeper;
  registry?: readonly SceneModeEntry[];
  now?: () => number;
}

export interface TapOptions {
  /** Accessible operation mode: confirm the action by voice where it would otherwise be silent. */
  confirm?: boolean;
}

type Listener = (state: SceneState) => void;

/**
 * The see-for-me scene, independent of React: mode, the tap per mode, auto-capture (only on camera
 * routes, with the camera ready and the page visible), danger pacing, voice questions and dialogue.
 * Every asynchronous step carries the run's AbortSignal; a mode change, leaving the route or going
 * to the background aborts it, and a late answer is dropped silently.
 */
export class SceneController {
  private state: SceneState;
  private readonly listeners = new Set<Listener>();
  private readonly registry: readonly SceneModeEntry[];
  private analysis: AbortController | null = null;
  private autoTimer: ReturnType<typeof setTimeout> | null = null;
  private listenTimer: ReturnType<typeof setTimeout> | null = null;
  private input: SpeechInput | null = null;
  private inputUnsubscribe: (() => void)[] = [];
  /** Bumped on every reset: async work of an older epoch stops at its next step. */
  private epoch = 0;
  private calmInRow = 0;
  /** The view the last answer (or retake advice) was about: auto-capture does not send it again. */
  private answeredView: ViewPrint | null = null;
  /** Auto-capture found the view unchanged since that answer … */
  private viewUnchanged = false;
  /** … and a tap has already been told so ("画面没有变化" is said once, on request). */
  private unchangedSaid = false;
  private get dialogueOn(): boolean {
    return this.state.conversing;
  }

  private setConversing(on: boolean): void {
    if (this.state.conversing !== on) this.set({ conversing: on });
  }
  private cameraReady = false;
  /** The camera's own status line ("相机已就绪", "正在启动相机" …): what the status rests on. */
  private cameraMessage = '';
  /** The phases the current status names ("正在识别": capturing/analyzing); null for a lasting status. */
  private statusFor: readonly ScenePhase[] | null = null;
  private routeActive = true;
  private visible = true;

  constructor(
    private readonly deps: SceneDeps,
    mode: SceneMode,
  ) {
    this.registry = deps.registry ?? SCENE_MODES;
    this.state = this.freshState(mode);
  }

  private freshState(mode: SceneMode): SceneState {
    return {
      mode,
      currentSceneId: this.entryOf(mode).sceneId ?? null,
      phase: 'idle',
      statusMessage: '',
      statusSeq: 0,
      statusSpoken: false,
      statusQuiet: false,
      question: '',
      lastResult: null,
      lastAnalysisDescription: '',
      isDangerousScene: false,
      isActive: false,
      isAnalyzing: false,
      intervalMs: this.entryOf(mode).captureIntervalMs,
      listening: false,
      conversing: false,
      typedQuestionSeq: 0,
      pointsShortfall: null,
      retake: null,
      unread: '',
    };
  }

  private entryOf(mode: SceneMode): SceneModeEntry {
    const found = this.registry.find((m) => m.id === mode);
    if (!found) throw new Error(`scene mode ${mode} is not in the registry`);
    return found;
  }

  get entry(): SceneModeEntry {
    return this.entryOf(this.state.mode);
  }

  getState = (): SceneState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies `patch`; an illegal phase change is refused whole (false), never half applied. */
  private set(patch: Partial<SceneState>): boolean {
    if (patch.phase && !canTransition(this.state.phase, patch.phase)) {
      console.error(`scene: refused illegal transition ${this.state.phase} → ${patch.phase}`);
      return false;
    }
    this.state = { ...this.state, ...patch };
    if (patch.phase) {
      this.state.isAnalyzing = patch.phase === 'capturing' || patch.phase === 'analyzing';
      if (this.statusFor && !this.statusFor.includes(patch.phase)) this.restStatus();
    }
    for (const listener of this.listeners) listener(this.state);
    return true;
  }

  /**
   * The step the status named is over (however it ended): the status goes back to what lasts, the
   * danger warning or the camera's state, shown without being announced again.
   */
  private restStatus(): void {
    this.statusFor = null;
    const text = this.state.isDangerousScene ? this.deps.t('seeForMe.status.danger') : this.cameraMessage;
    this.state = {
      ...this.state,
      statusMessage: text,
      statusSpoken: false,
      statusQuiet: true,
      statusSeq: this.state.statusSeq + 1,
    };
  }

  /** `during`: the phases the text describes; leaving them puts the status back to rest. */
  private status(
    text: string,
    patch: Partial<SceneState> = {},
    during: readonly ScenePhase[] | null = null,
  ): void {
    this.statusFor = during;
    this.set({
      statusSpoken: false,
      statusQuiet: false,
      ...patch,
      statusMessage: text,
      statusSeq: this.state.statusSeq + 1,
    });
  }

  /** Shows `text` on the status line and speaks it. */
  private sayText(text: string, during: readonly ScenePhase[] | null = null): void {
    this.status(text, { statusSpoken: true }, during);
    void this.deps.speech.speak(text);
  }

  private say(key: string, params?: Record<string, string>): void {
    this.sayText(this.deps.t(key, params));
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  // ---- inputs from the screen -------------------------------------------------------------

  setMode(mode: SceneMode): void {
    if (mode === this.state.mode) return;
    this.entryOf(mode);
    this.cancelEverything();
    this.state = {
      ...this.freshState(mode),
      statusSeq: this.state.statusSeq,
      typedQuestionSeq: this.state.typedQuestionSeq,
    };
    this.restStatus();
    for (const listener of this.listeners) listener(this.state);
    this.refreshAuto();
  }

  setCameraReady(ready: boolean): void {
    if (ready === this.cameraReady) return;
    this.cameraReady = ready;
    this.refreshAuto();
  }

  /** Route changes: off the camera routes, auto-capture stops and analysis is deactivated. */
  setRoute(pathname: string): void {
    const active = isCameraRoute(pathname);
    if (active === this.routeActive) return;
    this.routeActive = active;
    if (!active) this.cancelEverything();
    this.refreshAuto();
  }

  /** Background: stop speech, analysis, listening and auto-capture. Foreground: auto resumes. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (!visible) this.cancelEverything();
    this.refreshAuto();
  }

  /** The screen's camera status line (initialising, failed, …) goes through the scene status. */
  showCameraMessage(text: string, speak: boolean): void {
    this.cameraMessage = text;
    if (speak) this.sayText(text);
    else this.status(text);
  }

  /** The large click area. */
  tap(options: TapOptions = {}): void {
    const entry = this.entry;
    switch (entry.tap) {
      case 'stop-speech':
        if (!this.deps.speech.isSpeaking() && this.viewUnchanged && !this.unchangedSaid) {
          this.unchangedSaid = true;
          return this.say('seeForMe.viewUnchanged');
        }
        this.deps.speech.cancel();
        if (options.confirm) this.say('seeForMe.speech.stopped');
        return;
      case 'capture':
        if (this.deps.speech.isSpeaking() && this.state.phase !== 'capturing') {
          this.deps.speech.cancel();
          if (this.state.phase === 'speaking') this.set({ phase: 'idle' });
          return;
        }
        if (this.state.phase === 'capturing' || this.state.phase === 'analyzing') return;
        if (!this.cameraReady) return this.say('seeForMe.camera.abnormal');
        void this.runAnalysis({ announce: true });
        return;
      case 'voice-question':
        if (this.state.listening && this.input?.resultAfterStop) {
          // a recorder: the tap ends the recording, and the question it heard is still asked
          this.input.stop();
          this.clearListenTimer();
          return this.status(this.deps.t('seeForMe.status.recognizing'), {}, ['listening']);
        }
        if (this.state.listening) {
          this.stopListening();
          this.say('seeForMe.listen.ok');
          return;
        }
        if (this.state.phase === 'capturing' || this.state.phase === 'analyzing') return;
        if (!this.cameraReady) return this.say('seeForMe.camera.abnormal');
        void this.startListening(false);
        return;
      case 'dialogue':
        if (this.dialogueOn) {
          this.setConversing(false);
          this.abortAnalysis();
          this.stopListening();
          this.deps.speech.cancel();
          this.set({ phase: 'idle' });
          this.say('seeForMe.listen.ok');
          return;
        }
        if (!this.cameraReady) return this.say('seeForMe.camera.abnormal');
        this.setConversing(true);
        void this.startListening(true);
        return;
    }
  }

  /** Everything stops: speech, analysis, listening, timers (the screen unmounts). */
  dispose(): void {
    this.cancelEverything();
  }

  // ---- auto-capture -----------------------------------------------------------------------

  private autoShouldRun(): boolean {
    return this.entry.captureIntervalMs > 0 && this.cameraReady && this.routeActive && this.visible;
  }

  private clearAuto(): void {
    if (this.autoTimer) clearTimeout(this.autoTimer);
    this.autoTimer = null;
  }

  private refreshAuto(): void {
    if (!this.autoShouldRun()) {
      this.clearAuto();
      if (this.state.isActive) this.set({ isActive: false });
      return;
    }
    if (this.state.isActive && this.autoTimer) return;
    this.set({ isActive: true });
    // the first description comes at once: a user who opens the screen wants to hear it now
    this.autoTick();
  }

  private scheduleAuto(delayMs: number): void {
    this.clearAuto();
    this.autoTimer = setTimeout(() => this.autoTick(), delayMs);
  }

  private autoTick(): void {
    if (!this.autoShouldRun()) return this.refreshAuto();
    this.scheduleAuto(this.state.intervalMs);
    if (this.state.phase === 'capturing' || this.state.phase === 'analyzing') return;
    void this.runAnalysis({ announce: false, auto: true });
  }

  /**
   * An auto capture of the view the last answer was about is not sent (nor paid for) again. Where
   * traffic was in that answer it is, every time: a light may change within one cell of the print.
   * After retake advice it is too: the print cannot see the shake or the exposure that was wrong.
   * A market scene keeps the pace its author chose: it may watch for what a coarse print cannot
   * see (its repeated answers are still neither charged nor read again).
   */
  private alreadyAnswered(view: ViewPrint | null): boolean {
    if (this.state.retake || this.state.isDangerousScene || this.entry.prompt) return false;
    if (mentionsTraffic(this.state.lastResult?.text ?? '')) return false;
    return sameView(this.answeredView, view);
  }

  /** Nothing new to say: the status shows it, without announcing it (a tap hears it, once). */
  private skipUnchangedView(): void {
    this.analysis = null;
    this.set({ phase: 'idle' });
    if (this.viewUnchanged) return;
    this.viewUnchanged = true;
    this.status(this.deps.t('seeForMe.viewUnchanged'), { statusQuiet: true });
  }

  private rememberAnsweredView(view: ViewPrint | null): void {
    this.answeredView = view;
    this.viewUnchanged = false;
    this.unchangedSaid = false;
  }

  // ---- one capture + analysis + speech ----------------------------------------------------

  private abortAnalysis(): void {
    this.analysis?.abort();
    this.analysis = null;
  }

  /**
   * announce: a tap ("recognizing" is spoken); shutter: the shutter sound plays (taps and dialogue,
   * not every auto capture); prompt: the user's question; allowUnclearPhoto: 仍然描述, the photo is
   * described even if the quality check would refuse it; auto: an auto-capture tick, which sends
   * nothing when the view is the one last answered.
   */
  private async runAnalysis({
    announce,
    shutter = announce,
    prompt,
    allowUnclearPhoto = false,
    auto = false,
  }: {
    announce: boolean;
    shutter?: boolean;
    prompt?: string;
    allowUnclearPhoto?: boolean;
    auto?: boolean;
  }): Promise<void> {
    this.abortAnalysis();
    const controller = new AbortController();
    this.analysis = controller;
    const { signal } = controller;
    const epoch = this.epoch;
    const entry = this.entry;
    const stale = () => signal.aborted || epoch !== this.epoch;
    this.set({ phase: 'capturing' });
    if (announce) this.sayText(this.deps.t('seeForMe.status.recognizing'), ['capturing', 'analyzing']);
    if (shutter) this.deps.playSound('shutter');
    const photo = this.grabPhoto();
    const waited = this.waitWords(controller, announce || prompt !== undefined);
    try {
      const { image, view } = await this.deps.capture(entry.compression, signal);
      if (stale()) return;
      if (auto && this.alreadyAnswered(view)) return this.skipUnchangedView();
      this.set({ phase: 'analyzing' });
      const answer = await this.deps.analyze(
        {
          image,
          scenario: entry.scenario,
          compression: entry.compression,
          ...promptFor(entry, prompt),
          ...(allowUnclearPhoto && { allowUnclearPhoto }),
          verbosity: this.deps.verbosity(),
        },
        signal,
      );
      // answered: the wait is over (speaking the answer takes as long as it takes)
      waited.stop();
      if (stale()) return;
      if (this.analysis === controller) this.analysis = null;
      this.rememberAnsweredView(view);
      if (answer.unusablePhoto) {
        await this.adviseRetake(answer.unusablePhoto, answer.description, announce || prompt !== undefined);
      } else {
        await this.deliver(entry, answer.description, {
          photo,
          asked: announce || prompt !== undefined,
          stale,
        });
      }
      if (stale()) return;
      if (this.state.phase === 'speaking') this.set({ phase: 'idle' });
      if (entry.listening === 'continuous' && this.dialogueOn) void this.startListening(true, false);
    } catch (error) {
      if (epoch !== this.epoch || (signal.aborted && !waited.timedOut())) return;
      if (!waited.timedOut() && isAbortError(error)) return;
      if (this.analysis === controller) this.analysis = null;
      this.set({ phase: 'idle' });
      if (error instanceof AnalysisError && error.code === 402) return this.pointsRefused(error);
      this.sayText(this.failureText(error, waited.timedOut(), prompt !== undefined));
    } finally {
      waited.stop();
    }
  }

  /**
   * While the user waits for an analysis (a tap or a question): "还在识别" once after
   * PROGRESS_WORD_MS, and the analysis given up at ANALYSIS_DEADLINE_MS. An auto capture waits
   * quietly, bounded by its request's own timeout: nobody is waiting on it.
   * `timedOut` tells the failure that follows from an abort by the user.
   */
  private waitWords(controller: AbortController, userWaits: boolean) {
    let timedOut = false;
    const progress = userWaits
      ? setTimeout(() => {
          if (this.analysis === controller && this.state.phase === 'analyzing')
            this.sayText(this.deps.t('seeForMe.status.stillRecognizing'), ['analyzing']);
        }, PROGRESS_WORD_MS)
      : undefined;
    const deadline = userWaits
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, ANALYSIS_DEADLINE_MS)
      : undefined;
    return {
      timedOut: () => timedOut,
      stop: () => {
        clearTimeout(progress);
        clearTimeout(deadline);
      },
    };
  }

  /**
   * What the user hears when an analysis ends without an answer: the reason when there is one; a
   * question without one hears "处理失败" (spec §8), a photo "分析失败".
   */
  private failureText(error: unknown, timedOut: boolean, question: boolean): string {
    const { t } = this.deps;
    const failed = question ? 'seeForMe.errors.processingFailed' : 'seeForMe.errors.analysisFailed';
    if (timedOut) return t('seeForMe.errors.timeout');
    if (!(error instanceof AnalysisError)) return t(failed);
    if (error.code === 0) return t(error.messageKey);
    return error.message.trim()
      ? t('seeForMe.errors.analysisFailedBecause', { reason: error.message.trim() })
      : t(failed);
  }

  /**
   * A description is shown and read, its photo kept. An auto capture whose answer is the one just
   * given (the view has not changed) is not read again; a danger warning keeps its own pace.
   */
  private async deliver(
    entry: SceneModeEntry,
    description: string,
    { photo, asked, stale }: { photo: Promise<Blob> | null; asked: boolean; stale: () => boolean },
  ): Promise<void> {
    const danger = this.judgeDanger(entry, description);
    if (!asked && !danger && !this.state.retake && description === this.state.lastResult?.text) {
      this.set({ phase: 'idle' });
      return;
    }
    // kept only once analysed (spec §9), saved while the description is read
    const kept = photo && this.keepPhoto(photo);
    const { now, rest } = this.spokenParts(entry, description);
    this.set({
      phase: 'speaking',
      lastResult: { text: description, at: this.now() },
      lastAnalysisDescription: description,
      pointsShortfall: null,
      retake: null,
      unread: rest,
    });
    await this.deps.speech.speak(now, { priority: danger ? 'danger' : 'routine' });
    if (stale()) return;
    const keptKey = kept && (await kept);
    if (stale()) return;
    if (keptKey) this.say(keptKey);
    if (entry.completionSound === 'ding') this.deps.playSound('ding');
  }

  /**
   * What is said of an answer now, and what is left for "继续读". Text read on purpose (reading,
   * the diabetes readings) and a market scene's own answer are said whole at either verbosity.
   */
  private spokenParts(entry: SceneModeEntry, description: string): { now: string; rest: string } {
    const whole = entry.scenario === 'reading' || entry.scenario === 'diabetes' || entry.prompt;
    if (whole || this.deps.verbosity() === 'detailed') return { now: description, rest: '' };
    return briefParts(description);
  }

  /** 继续读: the rest of the last answer, which the brief answer left unsaid. */
  readOn(): void {
    const rest = this.state.unread;
    if (!rest) return;
    this.set({ unread: '' });
    void this.deps.speech.speak(rest);
  }

  /**
   * The photo could not be used: how to take it again is shown and said, once. Auto-capture says
   * the same advice again only when the cause changes (a user still shaking hears it once, not
   * every 10 s); a tap or a question always gets an answer.
   */
  private async adviseRetake(problem: PhotoProblem, advice: string, asked: boolean): Promise<void> {
    if (!asked && this.state.retake === problem) {
      this.set({ phase: 'idle' });
      return;
    }
    this.set({
      phase: 'speaking',
      lastResult: { text: advice, at: this.now() },
      retake: problem,
      unread: '',
    });
    await this.deps.speech.speak(advice);
  }

  /** 仍然描述: after retake advice, the next photo is described as well as it can be. */
  describeAnyway(): void {
    if (!this.state.retake) return;
    if (this.state.phase === 'capturing' || this.state.phase === 'analyzing') return;
    if (!this.cameraReady) return this.say('seeForMe.camera.abnormal');
    this.deps.speech.cancel();
    const question = this.entry.tap === 'capture' ? undefined : this.state.question || undefined;
    void this.runAnalysis({ announce: true, allowUnclearPhoto: true, prompt: question });
  }

  /** The photo to keep of this capture, when the user keeps photos; its failure is seen when kept. */
  private grabPhoto(): Promise<Blob> | null {
    const { photos } = this.deps;
    if (!photos?.enabled()) return null;
    const photo = photos.grab();
    // an analysis that fails never awaits it: its rejection must not go unhandled
    photo.catch(() => undefined);
    return photo;
  }

  /** Keeps the photo; the message key of where it went, or null when it could not be kept. */
  private async keepPhoto(photo: Promise<Blob>): Promise<string | null> {
    try {
      return `seeForMe.photoSaved.${await this.deps.photos!.keep(await photo)}`;
    } catch (error) {
      // the spec has no message for a photo kept nowhere; the analysis itself succeeded
      console.warn('see-for-me: photo not saved', error);
      return null;
    }
  }

  /**
   * Out of points (or a device past its daily allowance): the server's words are said and shown,
   * never a silent failure, and auto-capture stops instead of repeating them every 10 s.
   */
  private pointsRefused(error: AnalysisError): void {
    this.clearAuto();
    this.set({
      isActive: false,
      pointsShortfall: error.error === 'points_login_required' ? 'login' : 'recharge',
    });
    this.sayText(error.message);
  }

  /** Danger pacing for move modes: alert + 5 s on traffic, back to 10 s after two calm results. */
  private judgeDanger(entry: SceneModeEntry, description: string): boolean {
    if (!entry.dangerWatch) return false;
    if (mentionsTraffic(description)) {
      this.calmInRow = 0;
      const text = this.deps.t('seeForMe.status.danger');
      const wasDangerous = this.state.isDangerousScene;
      this.status(text, { isDangerousScene: true, intervalMs: DANGER_CAPTURE_MS });
      this.deps.alert(text);
      if (this.deps.vibrateOnDanger()) this.deps.vibrate(DANGER_VIBRATION);
      if (!wasDangerous && this.autoShouldRun()) this.scheduleAuto(DANGER_CAPTURE_MS);
      return true;
    }
    if (this.state.isDangerousScene) {
      this.calmInRow += 1;
      if (this.calmInRow >= CALM_RESULTS_TO_RELAX) {
        this.calmInRow = 0;
        this.status(this.deps.t('seeForMe.status.calm'), {
          isDangerousScene: false,
          intervalMs: entry.captureIntervalMs,
        });
        if (this.autoShouldRun()) this.scheduleAuto(entry.captureIntervalMs);
      }
    }
    return false;
  }

  // ---- listening (qa, dialogue) -----------------------------------------------------------

  private clearListenTimer(): void {
    if (this.listenTimer) clearTimeout(this.listenTimer);
    this.listenTimer = null;
  }

  private stopListening(): void {
    this.clearListenTimer();
    for (const off of this.inputUnsubscribe) off();
    this.inputUnsubscribe = [];
    this.input?.stop();
    this.input = null;
    if (this.state.listening)
      this.set({ listening: false, ...(this.state.phase === 'listening' ? { phase: 'idle' } : {}) });
  }

  private async startListening(continuous: boolean, prompt = true): Promise<void> {
    const epoch = this.epoch;
    this.deps.speech.cancel();
    const input = this.deps.createSpeechInput({ continuous });
    if (!input) return this.voiceUnavailable();
    const granted = await this.deps.requestMicrophone();
    if (epoch !== this.epoch) return;
    if (!granted) {
      this.setConversing(false);
      return this.say('permission.microphoneDenied');
    }
    this.stopListening();
    this.input = input;
    this.inputUnsubscribe = [
      input.onResult(({ text, isFinal }) => {
        if (epoch !== this.epoch) return;
        if (isFinal) this.onQuestion(text);
        else this.set({ question: text });
      }),
      input.onError((error: SpeechInputError) => {
        if (epoch !== this.epoch) return;
        // a passing error (a cloud business error) is shown while listening goes on
        if (error.recoverable)
          return this.status(error.message ?? this.deps.t(error.key, { code: error.code }), {}, [
            'listening',
          ]);
        if (error.key === 'speechInput.unavailable') return this.voiceUnavailable();
        this.stopListening();
        this.setConversing(false);
        this.say(error.key, { code: error.code });
      }),
    ];
    this.status(
      this.deps.t('seeForMe.listen.listening'),
      { phase: 'listening', listening: true, question: '' },
      ['listening'],
    );
    // never listen to our own voice: "please speak" first, then the microphone
    if (prompt) await this.deps.speech.speak(this.deps.t('seeForMe.listen.pleaseSpeak'));
    if (epoch !== this.epoch || this.input !== input) return;
    input.start();
    if (!continuous) {
      this.listenTimer = setTimeout(() => {
        if (this.input !== input) return;
        // a question heard but never marked final is still the user's question
        if (this.state.question.trim()) return this.onQuestion(this.state.question);
        this.stopListening();
        this.say('seeForMe.listen.timeout');
      }, LISTEN_TIMEOUT_MS);
    }
  }

  /**
   * No recognizer works here: said once per page load, then each tap that would listen moves to the
   * typed question instead (the screen shows it while voice input is unavailable).
   */
  private voiceUnavailable(): void {
    this.stopListening();
    this.setConversing(false);
    if (this.state.phase === 'listening') this.set({ phase: 'idle' });
    this.say(this.deps.claimUnavailableNotice() ? 'seeForMe.typed.unavailable' : 'seeForMe.typed.hint');
    this.set({ typedQuestionSeq: this.state.typedQuestionSeq + 1 });
  }

  /** A question typed instead of spoken (qa and dialogue where no recognizer works). */
  ask(text: string): void {
    if (!text.trim()) return;
    if (!this.cameraReady) return this.say('seeForMe.camera.abnormal');
    this.deps.speech.cancel();
    this.onQuestion(text);
  }

  private onQuestion(text: string): void {
    const question = text.trim();
    if (!question) return;
    this.stopListening();
    this.set({ question });
    void this.runAnalysis({
      announce: false,
      shutter: this.entry.listening === 'continuous',
      prompt: question,
    });
  }

  // ---- reset ------------------------------------------------------------------------------

  private cancelEverything(): void {
    this.epoch += 1;
    this.deps.speech.cancel();
    this.abortAnalysis();
    this.stopListening();
    this.setConversing(false);
    this.clearAuto();
    this.calmInRow = 0;
    // back on the screen (or in another mode) the user wants to hear what is in view, even the same
    this.rememberAnsweredView(null);
    if (this.state.phase !== 'idle' || this.state.isActive) this.set({ phase: 'idle', isActive: false });
  }
}
