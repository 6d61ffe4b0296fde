import { AdminRole, type AdminPasswordChangeRequest, type AdminSession } from '@sfm/protocol';
import type {
  AdminAccount,
  AdminAccounts,
  AdminCreated,
  AdminCreateRequest,
  TemporaryPassword,
} from '@sfm/protocol/admin';
import { randomInt } from 'node:crypto';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Clock } from '../../security/clock.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import type { TokenService } from '../../security/token-service.ts';
import { AdminRepo, type AdminRow } from './repo.ts';

// no 0/O, 1/l/I: a temporary password is read off a screen and typed by someone else
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const TEMPORARY_PASSWORD_LENGTH = 14;

export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < TEMPORARY_PASSWORD_LENGTH; i++) {
    out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  }
  return out;
}

export function toAdminAccount(row: AdminRow): AdminAccount {
  return {
    id: row.id,
    username: row.username,
    role: AdminRole.parse(row.role),
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

const adminNotFound = () => new AppError(404, 'errors.admin_not_found');

/** The super-admin's page: the admins, each change made through the audit log. */
export class AdminAccountsService {
  constructor(
    private readonly admins: AdminRepo,
    private readonly audit: AuditLog,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<AdminAccounts> {
    return { items: (await this.admins.list()).map(toAdminAccount) };
  }

  async create(actor: AdminActor, request: AdminCreateRequest): Promise<AdminCreated> {
    const password = temporaryPassword();
    const passwordHash = await this.passwords.hash(password);
    return this.audit.change(actor, async (tx) => {
      const row = await new AdminRepo(tx).insert({ ...request, passwordHash, passwordTemporary: true });
      if (!row) throw new AppError(409, 'errors.admin_username_taken');
      const admin = toAdminAccount(row);
      return {
        action: 'admin.create',
        targetType: 'admin',
        targetId: row.id,
        targetLabel: row.username,
        before: null,
        after: { username: admin.username, role: admin.role },
        result: { admin, temporaryPassword: password },
      };
    });
  }

  async setDisabled(actor: AdminActor, adminId: string, disabled: boolean): Promise<AdminAccount> {
    // a super-admin locking themselves out would leave nobody to undo it
    if (adminId === actor.adminId) throw new AppError(400, 'errors.admin_self_change');
    return this.audit.change(actor, async (tx) => {
      const admins = new AdminRepo(tx);
      const before = await admins.findForUpdate(adminId);
      if (!before) throw adminNotFound();
      const now = this.clock();
      const after = await admins.update(
        adminId,
        { disabledAt: disabled ? (before.disabledAt ?? now) : null, endSessions: disabled },
        now,
      );
      if (!after) throw adminNotFound();
      return {
        action: disabled ? 'admin.disable' : 'admin.enable',
        targetType: 'admin',
        targetId: adminId,
        targetLabel: before.username,
        before: { disabled: before.disabledAt !== null },
        after: { disabled },
        result: toAdminAccount(after),
      };
    });
  }

  async resetPassword(actor: AdminActor, adminId: string): Promise<TemporaryPassword> {
    const password = temporaryPassword();
    const passwordHash = await this.passwords.hash(password);
    return this.audit.change(actor, async (tx) => {
      const admins = new AdminRepo(tx);
      const before = await admins.findForUpdate(adminId);
      if (!before) throw adminNotFound();
      await admins.update(
        adminId,
        { passwordHash, passwordTemporary: true, endSessions: true },
        this.clock(),
      );
      return {
        action: 'admin.reset_password',
        targetType: 'admin',
        targetId: adminId,
        targetLabel: before.username,
        // never a password or its hash: only that it changed
        before: null,
        after: { passwordReset: true },
        result: { temporaryPassword: password },
      };
    });
  }

  /**
   * The admin replaces their own password (a temporary one must be, before anything else). Every
   * other session of theirs ends; this one goes on with the new token returned.
   */
  async changePassword(actor: AdminActor, request: AdminPasswordChangeRequest): Promise<AdminSession> {
    const admin = await this.admins.findById(actor.adminId);
    if (!admin) throw new AppError(401, 'errors.token_invalid');
    if (!(await this.passwords.verify(admin.passwordHash, request.currentPassword))) {
      throw new AppError(400, 'errors.admin_password_wrong');
    }
    const passwordHash = await this.passwords.hash(request.newPassword);
    return this.audit.change(actor, async (tx) => {
      const changed = await new AdminRepo(tx).update(
        admin.id,
        { passwordHash, passwordTemporary: false, endSessions: true },
        this.clock(),
      );
      if (!changed) throw new AppError(401, 'errors.token_invalid');
      return {
        action: 'admin.change_password',
        targetType: 'admin',
        targetId: admin.id,
        targetLabel: admin.username,
        // never a password or its hash: only that it changed
        before: null,
        after: { passwordChanged: true },
        result: { token: await this.tokens.sign('admin', changed.id, changed.tokenGeneration) },
      };
    });
  }
}
