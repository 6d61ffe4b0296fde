import { z } from 'zod';
import type { Endpoint } from '@sfm/protocol';
import type { Router } from '../../http/router.ts';

/** Readiness probe for load balancers and test harnesses (not part of the product's protocol). */
export const healthEndpoint = {
  method: 'GET',
  path: '/api/health',
  access: 'public',
  data: z.object({ status: z.literal('ok'), db: z.enum(['embedded', 'external']) }),
} as const satisfies Endpoint;

export interface HealthCheck {
  db: 'embedded' | 'external';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
}

export function registerHealthRoutes(router: Router, health: HealthCheck): void {
  router.route(healthEndpoint, async () => {
    await health.ping();
    return { status: 'ok' as const, db: health.db };
  });
}
