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
 * A first-come-first-served queue of at most `limit` running tasks. `run` waits for a turn (a task
 * whose signal aborts while waiting leaves the queue at once and never runs), then runs the task.
 */
export function turnsOf(limit: number): <T>(task: () => Promise<T>, signal?: AbortSignal) => Promise<T> {
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

  return async (task, signal) => {
    await turn(signal);
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** The engine behind a first-come-first-served queue of at most `limit` running analyses. */
export function withConcurrencyLimit(engine: VisionEngine, limit: number): VisionEngine {
  const run = turnsOf(limit);
  return {
    name: engine.name,
    ...(engine.readsPixels && { readsPixels: true }),
    warmUp: () => engine.warmUp(),
    analyze: (req) => run(() => engine.analyze(req), req.signal),
    close: () => engine.close(),
  };
}
