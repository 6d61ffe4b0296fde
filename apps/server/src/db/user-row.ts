import type { User, UserType } from '@sfm/protocol';
import type { users } from './core-schema.ts';

/** A user's account as the users table stores it. */
export type UserRow = typeof users.$inferSelect;

/**
 * The wire shape of a user, for every module that answers with one (the profile, a login, the data
 * export). speech_rate is a float4: 1.2 reads back as 1.2000000476…, so round it.
 */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    phone: row.phone,
    nickname: row.nickname,
    userType: row.userType === null ? null : (row.userType as UserType),
    speechRate: Math.round(row.speechRate * 100) / 100,
  };
}
