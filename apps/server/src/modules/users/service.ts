import type { UpdateMeRequest, User, UserType } from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import type { UserRow } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import type { UsersRepo } from './repo.ts';

/** The wire shape of a user. speech_rate is a float4: 1.2 reads back as 1.2000000476…, so round it. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    phone: row.phone,
    nickname: row.nickname,
    userType: row.userType === null ? null : (row.userType as UserType),
    speechRate: Math.round(row.speechRate * 100) / 100,
  };
}

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
