import type { UpdateMeRequest, User } from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import { toUser } from '../../db/user-row.ts';
import type { Clock } from '../../security/clock.ts';
import type { UsersRepo } from './repo.ts';

export class UsersService {
  constructor(
    private readonly users: UsersRepo,
    private readonly clock: Clock,
  ) {}

  async me(userId: string): Promise<User> {
    const row = await this.users.findById(userId);
    // a valid token for a deleted account: the session is over
    if (!row) throw new AppError(401, 'errors.token_invalid');
    return toUser(row);
  }

  async updateMe(userId: string, changes: UpdateMeRequest): Promise<User> {
    const row = await this.users.update(userId, changes, this.clock());
    if (!row) throw new AppError(401, 'errors.token_invalid');
    return toUser(row);
  }
}
