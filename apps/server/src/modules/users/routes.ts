import { endpoints } from '@sfm/protocol';
import type { Router } from '../../http/router.ts';
import type { UsersService } from './service.ts';

export function registerUserRoutes(router: Router, users: UsersService): void {
  router.route(endpoints.me, ({ identity }) => users.me(identity.userId));
  router.route(endpoints.updateMe, ({ identity, body }) => users.updateMe(identity.userId, body));
}
