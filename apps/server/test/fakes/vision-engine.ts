import type { VisionEngine, VisionRequest, VisionResult } from '../../src/engines/vision/vision-engine.ts';
import { VisionEngineError } from '../../src/engines/vision/vision-errors.ts';

/**
 * A scripted engine for API tests: answers at once with the scenario in the text, or after
 * `delayMs` (honouring the abort signal), or fails when told to. Records what it was given.
 */
export class FakeVisionEngine implements VisionEngine {
  readonly name = 'fake';
  /** true: the service hands the quality check decoded pixels, as it does for the embedded engine. */
  readsPixels = false;
  readonly requests: VisionRequest[] = [];
  warmUps = 0;
  delayMs = 0;
  failWith: Error | null = null;
  /** false: keep working after an abort, like an engine that cannot be interrupted. */
  honourAbort = true;
  /** Resolves when an analysis has started (for tests that act mid-analysis). */
  private startedWaiters: (() => void)[] = [];

  async warmUp(): Promise<void> {
    this.warmUps++;
  }

  async close(): Promise<void> {}

  nextStart(): Promise<void> {
    return new Promise((resolve) => this.startedWaiters.push(resolve));
  }

  async analyze(req: VisionRequest): Promise<VisionResult> {
    this.requests.push(req);
    for (const wake of this.startedWaiters.splice(0)) wake();
    if (this.delayMs > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, this.delayMs);
        if (!this.honourAbort) return;
        req.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(req.signal?.reason as Error);
        });
      });
    }
    if (this.failWith) throw this.failWith;
    return { description: `前方是一张测试图片（${req.scenario}）` };
  }
}

export const engineFailure = () => new VisionEngineError('vision backend answered HTTP 500', 500);
