/** The i18n key naming a role in words. */
export function roleKey(userType: 0 | 1 | null | undefined): string {
  if (userType === 0) return 'roles.seeker';
  if (userType === 1) return 'roles.volunteer';
  return 'roles.none';
}
