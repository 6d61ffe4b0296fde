import { scenePrompt } from '@sfm/protocol/market';
import { AnalysisError, isAbortError, type AnalysisAnswer } from '../analysis-client.ts';
import type { SceneModeEntry } from '../scene-modes.ts';
import type { ViewPrint } from '../view-print.ts';
import type { AnswerContext } from './answer-speaking.ts';
import { grabPhoto } from './photo-keeping.ts';
import type { SceneContext } from './scene-context.ts';
import type { Translate } from './scene-store.ts';

/** A tap's analysis not answered by then: "还在识别" is said once, so the wait is not silent. */
export const PROGRESS_WORD_MS = 2_000;
/** An analysis not answered by then is given up and the user told so (a clear end, not a long silence). */
export const ANALYSIS_DEADLINE_MS = 10_000;

/**
 * announce: a tap ("recognizing" is spoken); shutter: the shutter sound plays (taps and dialogue,
 * not every auto capture); prompt: the user's question; allowUnclearPhoto: 仍然描述, the photo is
 * described even if the quality check would refuse it; auto: an auto-capture tick, which sends
 * nothing when the view is the one last answered.
 */
export interface RunOptions {
  announce: boolean;
  shutter?: boolean;
  prompt?: string;
  allowUnclearPhoto?: boolean;
  auto?: boolean;
}

/** The steps of a run that other behaviours own. */
export interface RunSteps {
  /** An auto capture of `view`: true when it is the view already answered (nothing is sent). */
  skipsView: (view: ViewPrint | null) => boolean;
  /** The answer about `view` came: it is said. */
  answered: (
    entry: SceneModeEntry,
    answer: AnalysisAnswer,
    view: ViewPrint | null,
    context: AnswerContext,
  ) => Promise<void>;
  /** The answer has been said: the turn is over (a dialogue listens again). */
  turnOver: (entry: SceneModeEntry) => void;
  /** Out of points (or a device past its daily allowance). */
  refused: (error: AnalysisError) => void;
}

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

/**
 * What the user hears when an analysis ends without an answer: the reason when there is one; a
 * question without one hears "处理失败" (spec §8), a photo "分析失败".
 */
function failureText(t: Translate, error: unknown, timedOut: boolean, question: boolean): string {
  const failed = question ? 'seeForMe.errors.processingFailed' : 'seeForMe.errors.analysisFailed';
  if (timedOut) return t('seeForMe.errors.timeout');
  if (!(error instanceof AnalysisError)) return t(failed);
  if (error.code === 0) return t(error.messageKey);
  return error.message.trim()
    ? t('seeForMe.errors.analysisFailedBecause', { reason: error.message.trim() })
    : t(failed);
}

/**
 * One capture, its analysis and its answer. Every step carries the run's AbortSignal; `cancel`
 * aborts it and clears its timers, and a late answer is dropped silently. While a user waits (a
 * tap or a question) "还在识别" is said once after PROGRESS_WORD_MS and the analysis is given up at
 * ANALYSIS_DEADLINE_MS; an auto capture waits quietly, bounded by its request's own timeout.
 */
export class AnalysisRun {
  private readonly controller = new AbortController();
  private readonly epoch: number;
  private readonly entry: SceneModeEntry;
  private waits: ReturnType<typeof setTimeout>[] = [];
  /** The deadline ended the wait (a failure to tell), not the user (silence). */
  private timedOut = false;
  /** The answer came: cancelling no longer takes it back (it is said unless the scene resets). */
  private answered = false;

  constructor(
    private readonly ctx: SceneContext,
    private readonly steps: RunSteps,
    private readonly options: RunOptions,
  ) {
    this.epoch = ctx.epoch();
    this.entry = ctx.entry();
  }

  cancel(): void {
    this.stopWaiting();
    if (!this.answered) this.controller.abort();
  }

  async start(): Promise<void> {
    const { store, deps } = this.ctx;
    const { entry } = this;
    const { announce, shutter = announce, prompt, allowUnclearPhoto = false, auto = false } = this.options;
    const asked = announce || prompt !== undefined;
    const { signal } = this.controller;
    const stale = () => signal.aborted || this.epoch !== this.ctx.epoch();
    store.set({ phase: 'capturing' });
    if (announce) store.sayText(deps.t('seeForMe.status.recognizing'), ['capturing', 'analyzing']);
    if (shutter) deps.playSound('shutter');
    const photo = grabPhoto(deps.photos);
    if (asked) this.startWaiting();
    try {
      const { image, view } = await deps.capture(entry.compression, signal);
      if (stale()) return;
      if (auto && this.steps.skipsView(view)) return;
      store.set({ phase: 'analyzing' });
      const answer = await deps.analyze(
        {
          image,
          scenario: entry.scenario,
          compression: entry.compression,
          ...promptFor(entry, prompt),
          ...(allowUnclearPhoto && { allowUnclearPhoto }),
          verbosity: deps.verbosity(),
        },
        signal,
      );
      // answered: the wait is over (speaking the answer takes as long as it takes)
      this.stopWaiting();
      if (stale()) return;
      this.answered = true;
      await this.steps.answered(entry, answer, view, { photo, asked, stale });
      if (stale()) return;
      if (store.state.phase === 'speaking') store.set({ phase: 'idle' });
      this.steps.turnOver(entry);
    } catch (error) {
      if (this.epoch !== this.ctx.epoch() || (signal.aborted && !this.timedOut)) return;
      if (!this.timedOut && isAbortError(error)) return;
      store.set({ phase: 'idle' });
      if (error instanceof AnalysisError && error.code === 402) return this.steps.refused(error);
      store.sayText(failureText(deps.t, error, this.timedOut, prompt !== undefined));
    } finally {
      this.stopWaiting();
    }
  }

  private startWaiting(): void {
    const { store, deps } = this.ctx;
    this.waits = [
      setTimeout(() => {
        if (store.state.phase === 'analyzing')
          store.sayText(deps.t('seeForMe.status.stillRecognizing'), ['analyzing']);
      }, PROGRESS_WORD_MS),
      setTimeout(() => {
        this.timedOut = true;
        this.controller.abort();
      }, ANALYSIS_DEADLINE_MS),
    ];
  }

  private stopWaiting(): void {
    for (const wait of this.waits) clearTimeout(wait);
    this.waits = [];
  }
}
