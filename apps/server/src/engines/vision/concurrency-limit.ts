import { availableParallelism } from 'node:os';
import type { VisionEngine } from './vision-engine.ts';

/**
 * How many analyses the embedded engine runs at once. One analysis already keeps every core busy
 * (onnxruntime's threads plus the detector on the JS thread), so on a small machine running more
 * side by side only makes all of them finish late together: with a queue, the first user hears
 * their answer after one analysis instead of after all of them.
 */
export function embeddedVisionConcurrency(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

/** Thrown to a waiting analysis whose request was cancelled before its turn came. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('aborted', 'AbortError');
}

/**
 * The engine behind a first-come-first-served queue of at most `limit` running analyses. A request
 * cancelled while waiting (its client went away) leaves the queue at once and never runs.
 */
export function withConcurrencyLimit(engine: VisionEngine, limit: number): VisionEngine {
  let running = 0;
  const waiting: { start: () => void }[] = [];

  const release = () => {
    running--;
    waiting.shift()?.start();
  };

  const turn = (signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (running < limit) {
      running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          running++;
          resolve();
        },
      };
      const onAbort = () => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(abortReason(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  };

  return {
    name: engine.name,
    warmUp: () => engine.warmUp(),
    async analyze(req) {
      await turn(req.signal);
      try {
        return await engine.analyze(req);
      } finally {
        release();
      }
    },
    close: () => engine.close(),
  };
}
