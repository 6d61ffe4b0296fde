import { AdminRole } from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import type { AdminRepo } from './repo.ts';

/**
 * The check behind every request with an admin token: the admin must still exist and not be
 * disabled (refused from the next request on), and the role comes from the table, not the token,
 * so a changed role counts at once.
 */
export function adminAdmission(admins: AdminRepo) {
  return async (adminId: string): Promise<AdminRole> => {
    const admin = await admins.findById(adminId);
    if (!admin) throw new AppError(401, 'errors.token_invalid');
    if (admin.disabledAt) throw new AppError(401, 'errors.admin_disabled');
    return AdminRole.parse(admin.role);
  };
}
