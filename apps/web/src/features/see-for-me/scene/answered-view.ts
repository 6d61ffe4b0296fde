import { mentionsTraffic } from '../danger-terms.ts';
import { sameView, type ViewPrint } from '../view-print.ts';
import type { SceneContext } from './scene-context.ts';

/**
 * The view the last answer (or retake advice) was about: an auto capture of the same view is not
 * sent (nor paid for) again. The status shows it quietly; a tap hears "画面没有变化" once.
 */
export class AnsweredView {
  private view: ViewPrint | null = null;
  /** Auto-capture found the view unchanged since that answer … */
  private unchanged = false;
  /** … and a tap has already been told so. */
  private unchangedSaid = false;

  constructor(private readonly ctx: SceneContext) {}

  /** An answer came about `view` (null forgets it: the next capture is sent whatever it shows). */
  remember(view: ViewPrint | null): void {
    this.view = view;
    this.unchanged = false;
    this.unchangedSaid = false;
  }

  /** An auto capture of `view`: true when it is the view already answered, so it is not sent. */
  skips(view: ViewPrint | null): boolean {
    if (!this.alreadyAnswered(view)) return false;
    const { store, deps } = this.ctx;
    store.set({ phase: 'idle' });
    if (this.unchanged) return true;
    this.unchanged = true;
    store.status(deps.t('seeForMe.viewUnchanged'), { statusQuiet: true });
    return true;
  }

  /** A tap with nothing being read: "画面没有变化", said once (true when said). */
  tellUnchanged(): boolean {
    if (!this.unchanged || this.unchangedSaid) return false;
    this.unchangedSaid = true;
    this.ctx.store.say('seeForMe.viewUnchanged');
    return true;
  }

  /**
   * Where traffic was in that answer the view is sent every time: a light may change within one
   * cell of the print. After retake advice it is too: the print cannot see the shake or the exposure
   * that was wrong. A market scene keeps the pace its author chose: it may watch for what a coarse
   * print cannot see (its repeated answers are still neither charged nor read again).
   */
  private alreadyAnswered(view: ViewPrint | null): boolean {
    const { state } = this.ctx.store;
    if (state.retake || state.isDangerousScene || this.ctx.entry().prompt) return false;
    if (mentionsTraffic(state.lastResult?.text ?? '')) return false;
    return sameView(this.view, view);
  }
}
