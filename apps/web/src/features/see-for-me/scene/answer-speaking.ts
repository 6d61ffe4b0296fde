import type { PhotoProblem } from '@sfm/protocol';
import type { AnalysisAnswer } from '../analysis-client.ts';
import type { SceneModeEntry } from '../scene-modes.ts';
import { briefParts } from '../spoken-parts.ts';
import type { DangerPacing } from './danger-pacing.ts';
import type { GrabbedPhoto } from './photo-keeping.ts';
import type { SceneContext } from './scene-context.ts';

/** How an answer is to be said: its photo, whether someone asked for it, and whether it still counts. */
export interface AnswerContext {
  photo: GrabbedPhoto | null;
  /** A tap or a question asked for it (an auto capture did not). */
  asked: boolean;
  /** The run was cancelled (or the scene reset) since: nothing more is said. */
  stale: () => boolean;
}

/**
 * Saying an answer: the description (brief or whole, with danger's priority) and the photo kept of
 * it, or how to take the photo again; "继续读" reads what a brief answer left unsaid.
 */
export class AnswerSpeaking {
  constructor(
    private readonly ctx: SceneContext,
    private readonly danger: DangerPacing,
  ) {}

  answer(entry: SceneModeEntry, answer: AnalysisAnswer, context: AnswerContext): Promise<void> {
    if (answer.unusablePhoto)
      return this.adviseRetake(answer.unusablePhoto, answer.description, context.asked);
    return this.deliver(entry, answer.description, context);
  }

  /** 继续读: the rest of the last answer, which the brief answer left unsaid. */
  readOn(): void {
    const rest = this.ctx.store.state.unread;
    if (!rest) return;
    this.ctx.store.set({ unread: '' });
    void this.ctx.deps.speech.speak(rest);
  }

  /**
   * A description is shown and read, its photo kept. An auto capture whose answer is the one just
   * given (the view has not changed) is not read again; a danger warning keeps its own pace.
   */
  private async deliver(
    entry: SceneModeEntry,
    description: string,
    { photo, asked, stale }: AnswerContext,
  ): Promise<void> {
    const { store, deps } = this.ctx;
    const danger = this.danger.judge(entry, description);
    if (!asked && !danger && !store.state.retake && description === store.state.lastResult?.text) {
      store.set({ phase: 'idle' });
      return;
    }
    // kept only once analysed (spec §9), saved while the description is read
    const kept = photo?.keep();
    const { now, rest } = this.spokenParts(entry, description);
    store.set({
      phase: 'speaking',
      lastResult: { text: description, at: this.now() },
      lastAnalysisDescription: description,
      pointsShortfall: null,
      retake: null,
      unread: rest,
    });
    await deps.speech.speak(now, { priority: danger ? 'danger' : 'routine' });
    if (stale()) return;
    const keptKey = kept && (await kept);
    if (stale()) return;
    if (keptKey) store.say(keptKey);
    if (entry.completionSound === 'ding') deps.playSound('ding');
  }

  /**
   * The photo could not be used: how to take it again is shown and said, once. Auto-capture says
   * the same advice again only when the cause changes (a user still shaking hears it once, not
   * every 10 s); a tap or a question always gets an answer.
   */
  private async adviseRetake(problem: PhotoProblem, advice: string, asked: boolean): Promise<void> {
    const { store, deps } = this.ctx;
    if (!asked && store.state.retake === problem) {
      store.set({ phase: 'idle' });
      return;
    }
    store.set({
      phase: 'speaking',
      lastResult: { text: advice, at: this.now() },
      retake: problem,
      unread: '',
    });
    await deps.speech.speak(advice);
  }

  /**
   * What is said of an answer now, and what is left for "继续读". Text read on purpose (reading,
   * the diabetes readings) and a market scene's own answer are said whole at either verbosity.
   */
  private spokenParts(entry: SceneModeEntry, description: string): { now: string; rest: string } {
    const whole = entry.scenario === 'reading' || entry.scenario === 'diabetes' || entry.prompt;
    if (whole || this.ctx.deps.verbosity() === 'detailed') return { now: description, rest: '' };
    return briefParts(description);
  }

  private now(): number {
    return (this.ctx.deps.now ?? Date.now)();
  }
}
