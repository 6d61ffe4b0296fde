import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServerLifecycle } from './server-lifecycle.ts';

/** One thing to stop; `run` may be a no-op when it was never started (a failed start). */
export interface ShutdownStep {
  name: string;
  run(): Promise<void> | void;
}

export interface ShutdownPlan {
  lifecycle: ServerLifecycle;
  logger: Pick<Logger, 'info' | 'error'>;
  /** In order: each one runs after the previous one has finished (or failed). */
  steps: readonly ShutdownStep[];
  /** The whole shutdown's budget; past it the process exits with 1 whatever is still running. */
  deadlineMs: number;
  exit(code: number): void;
}

/**
 * Stops the server in dependency order, once, however many signals arrive. Readiness turns false
 * first (a balancer stops sending), then each step runs in turn. A failing step does not keep the
 * next ones from running — the database must still be stopped cleanly when the HTTP close failed —
 * but the exit code says so. A hung step must not keep the database and the terminal hostage: at
 * the deadline the process exits anyway.
 *
 * `exitCode` is the code of a shutdown that went well (1 after a failed start).
 */
export function gracefulShutdown(plan: ShutdownPlan): (reason: string, exitCode?: number) => Promise<void> {
  let running: Promise<void> | undefined;
  const stop = async (reason: string, exitCode: number) => {
    const { lifecycle, logger, steps, exit } = plan;
    lifecycle.markStopping();
    const startedAt = Date.now();
    logger.info({ reason }, 'shutting down');
    let current = 'start';
    const force = setTimeout(() => {
      logger.error({ step: current, ms: Date.now() - startedAt }, 'shutdown timed out');
      exit(1);
    }, plan.deadlineMs);
    force.unref();
    let failed = false;
    for (const step of steps) {
      current = step.name;
      try {
        await step.run();
      } catch (err) {
        failed = true;
        logger.error(
          { step: step.name, reason: err instanceof Error ? err.message : String(err) },
          'shutdown step failed',
        );
      }
    }
    clearTimeout(force);
    logger.info({ ms: Date.now() - startedAt }, 'stopped');
    exit(failed ? 1 : exitCode);
  };
  return (reason, exitCode = 0) => (running ??= stop(reason, exitCode));
}

/**
 * Fastify's close — no new connections, the sockets first (preClose), then the requests in flight
 * are waited for — bounded: a request still running after `drainMs` (a long answer stream) has its
 * connection closed, which aborts its handler (the router's signal), so the steps after this one
 * (the database) still get their time before the deadline.
 */
export async function closeHttp(
  app: Pick<FastifyInstance, 'close' | 'server'>,
  drainMs: number,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  const timer = setTimeout(() => {
    logger.warn({ drainMs }, 'requests still running at shutdown: closing their connections');
    app.server.closeAllConnections();
  }, drainMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
