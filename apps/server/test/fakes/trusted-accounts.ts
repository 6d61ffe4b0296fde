import type { AccountChecks } from '../../src/http/identity.ts';

/** For tests of the transport alone: every token's account may go on, every admin is a super-admin. */
export const TRUSTED_ACCOUNTS: AccountChecks = {
  admitUser: async () => undefined,
  admitAdmin: async () => ({ role: 'super_admin', mustChangePassword: false }),
};
