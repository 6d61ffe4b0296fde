import { availableParallelism } from 'node:os';
import { turnsOf } from './turns.ts';
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
