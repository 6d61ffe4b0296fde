import type { UserType } from '@sfm/protocol';
import { pathOf, routes, safeRedirect, withRedirect } from '../../ui/routes.ts';

/**
 * Where to go after login or registration: an account without a role (every new one) is asked for
 * it first on /role-select, which then goes on to the redirect target; with a role, straight to the
 * target, else /see-for-me.
 */
export function afterLoginTarget(
  redirect: string | null | undefined,
  userType: UserType | null | undefined,
): string {
  const target = safeRedirect(redirect);
  if (userType != null) return target ?? routes.seeForMe;
  if (!target || pathOf(target) === routes.roleSelect) return target ?? routes.roleSelect;
  return withRedirect(routes.roleSelect, target);
}
