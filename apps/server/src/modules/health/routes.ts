import { endpoints } from '@sfm/protocol';
import type { Router } from '../../http/router.ts';

export interface HealthCheck {
  db: 'embedded' | 'external';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
}

export function registerHealthRoutes(router: Router, health: HealthCheck): void {
  router.route(endpoints.health, async () => {
    await health.ping();
    return { status: 'ok' as const, db: health.db };
  });
}
