import type { ModuleContext } from '../../module-context.ts';
import { UsersRepo } from './repo.ts';
import { registerUserRoutes } from './routes.ts';
import { UsersService } from './service.ts';

/** The signed-in user's own profile. */
export function register({ http, db, clock }: ModuleContext): void {
  registerUserRoutes(http, new UsersService(new UsersRepo(db), clock));
}
