import { AdminRole } from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import type { AdmittedAdmin } from '../../http/identity.ts';
import type { AdminRepo } from './repo.ts';

/**
 * The check behind every request with an admin token: the admin must still exist and not be
 * disabled (refused from the next request on), and the role and whether the password must be
 * changed come from the table, not the token, so a change counts at once.
 */
export function adminAdmission(admins: AdminRepo) {
  return async (adminId: string, generation: number): Promise<AdmittedAdmin> => {
    const admin = await admins.findById(adminId);
    if (!admin) throw new AppError(401, 'errors.token_invalid');
    // a disabled admin is told so, whatever token they hold
    if (admin.disabledAt) throw new AppError(401, 'errors.admin_disabled');
    // a token of an older generation: logged out, password changed, or disabled since
    if (generation !== admin.tokenGeneration) throw new AppError(401, 'errors.token_invalid');
    return { role: AdminRole.parse(admin.role), mustChangePassword: admin.passwordTemporary };
  };
}
