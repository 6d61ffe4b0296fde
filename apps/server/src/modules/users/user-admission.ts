import { AppError } from '../../app-error.ts';
import { dayIn } from '../../calendar/calendar.ts';
import type { Clock } from '../../security/clock.ts';
import type { UsersRepo } from './repo.ts';

/** Activity is written at most this often per user: a read per request, a write per minute. */
const ACTIVITY_RESOLUTION_MS = 60_000;

/**
 * The check behind every request with a user token: the account must still exist and not be
 * banned (a ban refuses the very next request, on any node), and the request counts as activity
 * for the back office (last active, active days in the server's time zone).
 */
export function userAdmission(users: UsersRepo, clock: Clock, timeZone: string) {
  return async (userId: string, generation: number): Promise<void> => {
    const user = await users.findById(userId);
    // a valid token for a deleted account: the session is over
    if (!user) throw new AppError(401, 'errors.token_invalid');
    if (user.bannedAt) throw new AppError(401, 'errors.account_banned', { reason: user.banReason ?? '' });
    // a token of an older generation: logged out, password changed, or a refresh token replayed since
    if (generation !== user.tokenGeneration) throw new AppError(401, 'errors.token_invalid');
    const now = clock();
    const today = dayIn(now, timeZone);
    const last = user.lastActiveAt;
    if (
      !last ||
      now.getTime() - last.getTime() >= ACTIVITY_RESOLUTION_MS ||
      dayIn(last, timeZone) !== today
    ) {
      await users.noteActive(userId, now, today);
    }
  };
}
