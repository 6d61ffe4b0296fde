import type { SpeechOutput } from '../../speech/index.ts';
import { canTransition, type ScenePhase, type SceneState } from './scene-state.ts';

type Listener = (state: SceneState) => void;
export type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * The scene's state and its status line: every behaviour changes the state through `set`, which
 * refuses an illegal phase change, and says what is happening through `status` and `say`.
 */
export class SceneStore {
  private current: SceneState;
  private readonly listeners = new Set<Listener>();
  /** The camera's own status line ("相机已就绪", "正在启动相机" …): what the status rests on. */
  private cameraMessage = '';
  /** The phases the current status names ("正在识别": capturing/analyzing); null for a lasting status. */
  private statusFor: readonly ScenePhase[] | null = null;

  constructor(
    private readonly voice: { speech: SpeechOutput; t: Translate },
    initial: SceneState,
  ) {
    this.current = initial;
  }

  get state(): SceneState {
    return this.current;
  }

  /** A capture or its analysis is under way. */
  get busy(): boolean {
    return this.current.phase === 'capturing' || this.current.phase === 'analyzing';
  }

  getState = (): SceneState => this.current;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies `patch`; an illegal phase change is refused whole (false), never half applied. */
  set(patch: Partial<SceneState>): boolean {
    if (patch.phase && !canTransition(this.current.phase, patch.phase)) {
      console.error(`scene: refused illegal transition ${this.current.phase} → ${patch.phase}`);
      return false;
    }
    this.current = { ...this.current, ...patch };
    if (patch.phase) {
      this.current.isAnalyzing = patch.phase === 'capturing' || patch.phase === 'analyzing';
      if (this.statusFor && !this.statusFor.includes(patch.phase)) this.restStatus();
    }
    this.emit();
    return true;
  }

  /** Another mode: its fresh state, the status at rest (the counters go on, so a text is announced again). */
  replace(fresh: SceneState): void {
    const { statusSeq, typedQuestionSeq } = this.current;
    this.current = { ...fresh, statusSeq, typedQuestionSeq };
    this.restStatus();
    this.emit();
  }

  /** `during`: the phases the text describes; leaving them puts the status back to rest. */
  status(text: string, patch: Partial<SceneState> = {}, during: readonly ScenePhase[] | null = null): void {
    this.statusFor = during;
    this.set({
      statusSpoken: false,
      statusQuiet: false,
      ...patch,
      statusMessage: text,
      statusSeq: this.current.statusSeq + 1,
    });
  }

  /** Shows `text` on the status line and speaks it. */
  sayText(text: string, during: readonly ScenePhase[] | null = null): void {
    this.status(text, { statusSpoken: true }, during);
    void this.voice.speech.speak(text);
  }

  say(key: string, params?: Record<string, string>): void {
    this.sayText(this.voice.t(key, params));
  }

  /** The screen's camera status line (initialising, failed, …): shown, spoken when `speak`. */
  showCameraMessage(text: string, speak: boolean): void {
    this.cameraMessage = text;
    if (speak) this.sayText(text);
    else this.status(text);
  }

  /**
   * The step the status named is over (however it ended): the status goes back to what lasts, the
   * danger warning or the camera's state, shown without being announced again.
   */
  private restStatus(): void {
    this.statusFor = null;
    const text = this.current.isDangerousScene ? this.voice.t('seeForMe.status.danger') : this.cameraMessage;
    this.current = {
      ...this.current,
      statusMessage: text,
      statusSpoken: false,
      statusQuiet: true,
      statusSeq: this.current.statusSeq + 1,
    };
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.current);
  }
}
