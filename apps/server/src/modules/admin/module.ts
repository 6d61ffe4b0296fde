import type { ModuleContext } from '../../module-context.ts';
import { AdminRepo } from './repo.ts';
import { registerAdminRoutes } from './routes.ts';
import { AdminService } from './service.ts';

/** The back office's login and its administrator. */
export function register({ http, db, config, clock, security }: ModuleContext): void {
  const admin = new AdminService(new AdminRepo(db), security.passwords, security.tokens, clock);
  registerAdminRoutes(http, admin, config.loginRateLimitPerMinute);
}
