import type { Logger } from 'pino';
import type { VisionEngine } from './engines/vision/vision-engine.ts';

export interface StartUpSteps {
  /** Resolves when the speech workers are warm (attachSockets().ready()). */
  warmSpeech(): Promise<void>;
  /** Opens the port: from here on the server answers, and reports itself ready. */
  listen(): Promise<void>;
  vision: Pick<VisionEngine, 'name' | 'warmUp'>;
  logger: Pick<Logger, 'info' | 'error'>;
  /**
   * Both engines have warmed, or failed to (logged; each retries at its first use, and the rest of
   * the product works without them): readiness turns true.
   */
  ready(): void;
}

/**
 * The order of a start. Speech comes first: the first thing a user meets is spoken, and a cold
 * espeak worker (≈ 1.4 s, longer while the vision models load beside it on two cores) would
 * make that first sentence late. So the workers warm before the port opens, and the vision
 * models — seconds of CPU — load only after, in the background; an analysis arriving meanwhile
 * waits for that same warm-up. A failed speech warm-up does not stop the start: the workers are
 * started again by the first text. Resolves once listening; `ready` follows the vision warm-up.
 */
export async function startUp({ warmSpeech, listen, vision, logger, ready }: StartUpSteps): Promise<void> {
  const speechStartedAt = Date.now();
  try {
    await warmSpeech();
    logger.info({ ms: Date.now() - speechStartedAt }, 'speech synthesis ready');
  } catch (err) {
    logger.error(
      { reason: err instanceof Error ? err.message : String(err) },
      'speech synthesis warm-up failed (retried at the first text)',
    );
  }
  await listen();
  const visionStartedAt = Date.now();
  vision
    .warmUp()
    .then(
      () => logger.info({ engine: vision.name, ms: Date.now() - visionStartedAt }, 'vision engine ready'),
      (err: unknown) =>
        logger.error(
          { engine: vision.name, reason: err instanceof Error ? err.message : String(err) },
          'vision engine warm-up failed (retried at the next analysis)',
        ),
    )
    .finally(ready);
}
