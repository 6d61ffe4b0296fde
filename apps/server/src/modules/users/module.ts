import type { ModuleContext } from '../../module-context.ts';
import { UserDirectoryRepo } from './directory-repo.ts';
import { registerUserDirectoryRoutes } from './directory-routes.ts';
import { UserDirectoryService } from './directory-service.ts';
import { UsersRepo } from './repo.ts';
import { registerUserRoutes } from './routes.ts';
import { UsersService } from './service.ts';

/** The signed-in user's own profile, and the back office's users page. */
export function register({ http, db, clock, audit, sockets }: ModuleContext): void {
  registerUserRoutes(http, new UsersService(new UsersRepo(db), clock));
  registerUserDirectoryRoutes(
    http,
    new UserDirectoryService(new UserDirectoryRepo(db), audit, clock, (id) => sockets.disconnectUser(id)),
  );
}
