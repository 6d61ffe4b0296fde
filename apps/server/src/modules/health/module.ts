import { endpoints } from '@sfm/protocol';
import { pingDatabase } from '../../db/database.ts';
import type { ModuleContext } from '../../module-context.ts';

/** GET /api/health: the database answers, and which kind it is. */
export function register({ http, db, dbMode }: ModuleContext): void {
  http.route(endpoints.health, async () => {
    await pingDatabase(db);
    return { status: 'ok' as const, db: dbMode };
  });
}
