import {
  AdminRole,
  PASSWORD_MIN_LENGTH,
  type AdminLoginRequest,
  type AdminProfile,
  type AdminSession,
} from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import type { TokenService } from '../../security/token-service.ts';
import type { AdminRepo } from './repo.ts';

export class AdminService {
  constructor(
    private readonly admins: AdminRepo,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  async login(request: AdminLoginRequest): Promise<AdminSession> {
    const admin = await this.admins.findByUsername(request.username);
    const ok = await this.passwords.verify(admin?.passwordHash, request.password);
    if (!admin || !ok) throw new AppError(401, 'errors.admin_login_failed');
    // only someone who knows the password learns that the account is disabled
    if (admin.disabledAt) throw new AppError(403, 'errors.admin_disabled');
    await this.admins.update(admin.id, { lastLoginAt: this.clock() }, this.clock());
    return { token: await this.tokens.sign('admin', admin.id, admin.tokenGeneration) };
  }

  /** Ends every session of the admin: the token in hand, and any other, is refused from now on. */
  async logout(adminId: string): Promise<null> {
    await this.admins.update(adminId, { endSessions: true }, this.clock());
    return null;
  }

  async me(adminId: string): Promise<AdminProfile> {
    const admin = await this.admins.findById(adminId);
    if (!admin) throw new AppError(401, 'errors.token_invalid');
    return {
      id: admin.id,
      username: admin.username,
      role: AdminRole.parse(admin.role),
      mustChangePassword: admin.passwordTemporary,
    };
  }

  /** For the admin:create CLI: creates a super-admin or resets an admin's password. */
  async createOrReset(username: string, password: string): Promise<'created' | 'updated'> {
    const name = username.trim();
    if (!name) throw new AppError(400, 'errors.username_required');
    if (password.length < PASSWORD_MIN_LENGTH) throw new AppError(400, 'errors.password_too_short');
    const created = await this.admins.upsert(name, await this.passwords.hash(password), this.clock());
    return created ? 'created' : 'updated';
  }
}
