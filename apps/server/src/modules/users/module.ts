import type { ModuleContext } from '../../module-context.ts';
import { UsersDashboardRepo } from './dashboard-repo.ts';
import { registerUsersDashboardRoutes } from './dashboard-routes.ts';
import { UsersDashboard } from './dashboard-service.ts';
import { UserDirectoryRepo } from './directory-repo.ts';
import { registerUserDirectoryRoutes } from './directory-routes.ts';
import { UserDirectoryService } from './directory-service.ts';
import { usersPersonalData } from './personal-data.ts';
import { UsersRepo } from './repo.ts';
import { registerUserRoutes } from './routes.ts';
import { UsersService } from './service.ts';

/** The signed-in user's own profile, and the back office's users page. */
export function register(ctx: ModuleContext): void {
  const { http, db, clock, audit, sockets, sessions } = ctx;
  registerUserRoutes(http, new UsersService(new UsersRepo(db), clock));
  registerUserDirectoryRoutes(
    http,
    new UserDirectoryService(new UserDirectoryRepo(db), audit, clock, sessions, (id) =>
      sockets.disconnectUser(id),
    ),
  );
  const dashboard = new UsersDashboard(new UsersDashboardRepo(db), clock, ctx.config.timeZone);
  registerUsersDashboardRoutes(http, dashboard);
  ctx.dashboard.register(dashboard);
  ctx.personalData.register(usersPersonalData);
}
