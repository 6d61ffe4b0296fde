import { adminEndpoints } from '@sfm/protocol/admin';
import { actorOf } from '../../audit/audit-log.ts';
import type { Router } from '../../http/router.ts';
import type { UserDirectoryService } from './directory-service.ts';

/** The back office's users page. */
export function registerUserDirectoryRoutes(router: Router, directory: UserDirectoryService): void {
  router.route(adminEndpoints.users, ({ query }) => directory.page(query));
  router.route(adminEndpoints.user, ({ query }) => directory.detail(query.id));
  router.route(adminEndpoints.banUser, (r) => directory.ban(actorOf(r), r.body.userId, r.body.reason));
  router.route(adminEndpoints.unbanUser, (r) => directory.unban(actorOf(r), r.body.userId, r.body.reason));
  router.route(adminEndpoints.setUserRole, (r) =>
    directory.setRole(actorOf(r), r.body.userId, r.body.userType),
  );
  router.route(adminEndpoints.resetNickname, (r) => directory.resetNickname(actorOf(r), r.body.userId));
}
