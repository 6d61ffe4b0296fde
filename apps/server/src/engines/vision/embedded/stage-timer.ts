/**
 * Optional per-stage wall-clock timing of an analysis (the vision bench prints it). Stages that run
 * concurrently each report their own wall time, so the parts may add up to more than the whole.
 */
export type Stage = 'decode' | 'ocr-detect' | 'ocr-recognise' | 'objects' | 'compose';

export interface StageTimer {
  record(stage: Stage, ms: number): void;
}

export async function timed<T>(
  timer: StageTimer | undefined,
  stage: Stage,
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
