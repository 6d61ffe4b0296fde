import { endpoints } from '@sfm/protocol';
import { pingDatabase } from '../../db/database.ts';
import type { ModuleContext } from '../../module-context.ts';

/**
 * GET /api/health (liveness): the process and its database answer, and which kind it is.
 * GET /api/health/ready (readiness): the same, once the engines are warm and while not stopping;
 * a 503 with the catalogue's reason otherwise, so a balancer sends no user to a cold or dying node.
 */
export function register({ http, db, dbMode, lifecycle }: ModuleContext): void {
  http.route(endpoints.health, async () => {
    await pingDatabase(db);
    return { status: 'ok' as const, db: dbMode };
  });
  http.route(endpoints.healthReady, async () => {
    const refusal = lifecycle.notReady();
    if (refusal) throw refusal;
    await pingDatabase(db);
    return { status: 'ready' as const, db: dbMode };
  });
}
