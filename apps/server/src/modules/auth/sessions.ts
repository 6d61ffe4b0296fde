import type { Sessions } from '../../module-context.ts';
import { RefreshTokenRepo } from './repo.ts';

/** ctx.sessions: the refresh tokens are this module's, so ending them for another module is too. */
export const authSessions: Sessions = {
  revokeAll: (userId, now, tx) => new RefreshTokenRepo(tx).revokeAllOfUser(userId, now),
};
