import type { ModuleContext } from '../../module-context.ts';
import { AdminAccountsService } from './accounts-service.ts';
import { AuditRepo } from './audit-repo.ts';
import { AuditService } from './audit-service.ts';
import { AdminRepo } from './repo.ts';
import { registerAdminRoutes } from './routes.ts';
import { AdminService } from './service.ts';

/** The back office's own accounts: login, the admins (super-admin only), and the audit log's page. */
export function register({ http, db, config, clock, security, audit }: ModuleContext): void {
  const repo = new AdminRepo(db);
  registerAdminRoutes(
    http,
    {
      admin: new AdminService(repo, security.passwords, security.tokens, clock),
      accounts: new AdminAccountsService(repo, audit, security.passwords, security.tokens, clock),
      audit: new AuditService(new AuditRepo(db), config.timeZone),
    },
    config.loginRateLimitPerMinute,
  );
}
