/**
 * The privacy policy promises photos are not kept long-term: every node sweeps rows older than
 * IMAGE_RETENTION_HOURS (DELETE … RETURNING, SKIP LOCKED, so nodes sweeping at once never fight
 * over a row) and then deletes the claimed objects.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../security/clock.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import type { VisionImagesRepo } from './repo.ts';

export interface RetentionDeps {
  repo: VisionImagesRepo;
  store: ImageStore;
  clock: Clock;
  logger: Logger;
  retentionHours: number;
}

const SWEEP_INTERVAL_MS = 10 * 60_000;
const BATCH = 500;

/** Deletes every expired photo; returns how many records were removed. */
export async function sweepExpiredImages(deps: RetentionDeps): Promise<number> {
  const cutoff = new Date(deps.clock().getTime() - deps.retentionHours * 3600_000);
  let removed = 0;
  for (;;) {
    const keys = await deps.repo.deleteCreatedBefore(cutoff, BATCH);
    removed += keys.length;
    const failures = await Promise.allSettled(keys.map((key) => deps.store.delete(key)));
    failures.forEach((outcome, i) => {
      if (outcome.status === 'rejected') {
        // the record is gone, so the object is unreachable; an operator can still find it by key
        deps.logger.error(
          { storageKey: keys[i], reason: String((outcome.reason as Error | undefined)?.message) },
          'deleting an expired image failed',
        );
      }
    });
    if (keys.length < BATCH) break;
  }
  if (removed > 0) deps.logger.info({ removed }, 'expired images deleted');
  return removed;
}

export interface RetentionSweeper {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/** Sweeps now and then every `intervalMs`, never two at once; the timer does not keep the process alive. */
export function startRetentionSweep(deps: RetentionDeps, intervalMs = SWEEP_INTERVAL_MS): RetentionSweeper {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweepExpiredImages(deps)
      .then(() => undefined)
      .catch((err: unknown) =>
        deps.logger.error({ reason: (err as Error).message }, 'image retention sweep failed'),
      )
      .finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
