import { z } from 'zod';
import { AdminRole } from './auth.ts';
import { Id, Timestamp } from './admin-schema-parts.ts';

/** The back office's own accounts, which a super-admin manages. */

export const AdminAccount = z.object({
  id: z.string(),
  username: z.string(),
  role: AdminRole,
  disabled: z.boolean(),
  createdAt: Timestamp,
  lastLoginAt: Timestamp.nullable(),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

export const AdminAccounts = z.object({ items: z.array(AdminAccount) });
export type AdminAccounts = z.infer<typeof AdminAccounts>;

export const AdminUsername = z
  .string({ error: 'errors.username_required' })
  .trim()
  .min(1, { error: 'errors.username_required' })
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, { error: 'errors.admin_username_invalid' });

export const AdminCreateRequest = z.strictObject({ username: AdminUsername, role: AdminRole });
export type AdminCreateRequest = z.infer<typeof AdminCreateRequest>;
/** The temporary password is shown once, to the super-admin who made it. */
export const AdminCreated = z.object({ admin: AdminAccount, temporaryPassword: z.string() });
export type AdminCreated = z.infer<typeof AdminCreated>;

export const AdminSetDisabledRequest = z.strictObject({
  adminId: Id('errors.admin_not_found'),
  disabled: z.boolean({ error: 'errors.validation' }),
});
export type AdminSetDisabledRequest = z.infer<typeof AdminSetDisabledRequest>;
export const AdminIdRequest = z.strictObject({ adminId: Id('errors.admin_not_found') });
export type AdminIdRequest = z.infer<typeof AdminIdRequest>;
export const TemporaryPassword = z.object({ temporaryPassword: z.string() });
export type TemporaryPassword = z.infer<typeof TemporaryPassword>;
