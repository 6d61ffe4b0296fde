const ROLE_OF: Record<UserType, UserRoleFilter> = { 0: 'help_seeker', 1: 'volunteer' };

/** The role filter's name for a user type: the key of its label under `users.roleNames`. */
export const roleOf = (userType: UserType | null): UserRoleFilter =>
  userType === null ? 'unset' : ROLE_OF[userType];

/** What names a user on screen: the nickname, else the masked phone. */
export const userName = (user: Pick<AdminUserSummary, 'nickname' | 'phoneMasked'>) =>
  user.nickname ?? user.phoneMasked;
import type { UserType } from '@sfm/protocol';
import type { AdminUserSummary, UserRoleFilter } from '@sfm/protocol/admin';
