import type { VisionEngine } from './vision-engine.ts';

/**
 * The engine with one shared warm-up: main.ts starts it right after listen, and every analysis
 * awaits the same promise instead of loading models again. A failed warm-up is forgotten, so the
 * next analysis tries again (e.g. after a transient file error).
 */
export function withSharedWarmUp(engine: VisionEngine): VisionEngine {
  let warming: Promise<void> | null = null;
  return {
    name: engine.name,
    warmUp() {
      if (!warming) {
        const attempt = engine.warmUp();
        warming = attempt;
        attempt.catch(() => {
          if (warming === attempt) warming = null;
        });
      }
      return warming;
    },
    analyze: (req) => engine.analyze(req),
    close: () => engine.close(),
  };
}
