import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.ts';

export type LifecyclePhase = 'starting' | 'ready' | 'stopping';

/**
 * Where the process is in its life. Readiness (GET /api/health/ready) answers from it, and once
 * stopping, new requests are refused with the catalogue's message instead of being started and
 * then cut off.
 */
export class ServerLifecycle {
  private current: LifecyclePhase;

  /** A server starts in 'starting'; an app built without a start (a test harness) is ready at once. */
  constructor(initial: LifecyclePhase = 'starting') {
    this.current = initial;
  }

  get phase(): LifecyclePhase {
    return this.current;
  }

  /** The database is migrated and the engines are warm. A stopping server stays stopping. */
  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  markStopping(): void {
    this.current = 'stopping';
  }

  /** Why the server cannot take traffic now, or null when it can. */
  notReady(): AppError | null {
    switch (this.current) {
      case 'ready':
        return null;
      case 'starting':
        return new AppError(503, 'errors.server_starting');
      case 'stopping':
        return new AppError(503, 'errors.server_stopping');
    }
  }
}

/**
 * Once stopping, a request that reaches the app (a kept-alive connection, a request already in a
 * socket's buffer) is answered 503 with the catalogue's message and `connection: close`, so its
 * client retries elsewhere. Work already running is not touched: it finishes.
 */
export function refuseWhileStopping(app: FastifyInstance, lifecycle: ServerLifecycle): void {
  app.addHook('onRequest', async (_request, reply) => {
    if (lifecycle.phase !== 'stopping') return;
    void reply.header('connection', 'close');
    throw new AppError(503, 'errors.server_stopping');
  });
}
