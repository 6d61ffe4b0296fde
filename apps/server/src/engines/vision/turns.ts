/**
 * A first-come-first-served queue of tasks, shared by what may not all run at once: the image
 * pipeline's decodes and the embedded engine's analyses (concurrency-limit.ts). It knows nothing of
 * either, so both can use it without importing each other.
 */

/** Thrown to a waiting task whose request was cancelled before its turn came. */
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
