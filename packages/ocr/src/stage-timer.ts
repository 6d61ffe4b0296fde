/**
 * Optional per-stage wall-clock timing (the benches print it). Stages that run concurrently each
 * report their own wall time, so the parts may add up to more than the whole.
 */
export interface StageTimer<S extends string = string> {
  record(stage: S, ms: number): void;
}

export async function timed<S extends string, T>(
  timer: StageTimer<S> | undefined,
  stage: S,
  work: () => Promise<T> | T,
): Promise<T> {
  if (!timer) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    timer.record(stage, performance.now() - start);
  }
}
