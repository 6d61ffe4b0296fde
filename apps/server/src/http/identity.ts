import { DeviceId, type Access, type AdminRole } from '@sfm/protocol';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../app-error.ts';
import type { TokenService } from '../security/token-service.ts';

export type UserIdentity = { kind: 'user'; userId: string };
export type DeviceIdentity = { kind: 'device'; deviceId: string };
export type AdminIdentity = { kind: 'admin'; adminId: string; role: AdminRole };
export type Identity = UserIdentity | DeviceIdentity | AdminIdentity;

/** The key a user's or a device's rate limits are counted under (HTTP and sockets alike). */
export const rateLimitKey = (identity: UserIdentity | DeviceIdentity): string =>
  identity.kind === 'user' ? `user:${identity.userId}` : `device:${identity.deviceId}`;

/** Who an endpoint with that access level is guaranteed to be talking to. */
export type IdentityFor<A extends Access> = A extends 'user'
  ? UserIdentity
  : A extends 'admin' | 'super_admin' | 'admin_self'
    ? AdminIdentity
    : A extends 'identity'
      ? UserIdentity | DeviceIdentity
      : null;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
};

/** The spec's `token` header, or the usual `Authorization: Bearer`. */
function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const token = header(headers, 'token');
  if (token) return token;
  const match = /^Bearer\s+(\S+)$/i.exec(header(headers, 'authorization') ?? '');
  return match?.[1];
}

const unauthorized = () => new AppError(401, 'errors.unauthorized');
const tokenInvalid = () => new AppError(401, 'errors.token_invalid');

/**
 * The accounts behind valid tokens, asked on every request that carries one: a ban or a disabled
 * admin takes effect at the next request, on every node, without waiting for the token to expire.
 */
export interface AdmittedAdmin {
  role: AdminRole;
  /** Another admin chose the password: only `admin_self` endpoints are open until it is replaced. */
  mustChangePassword: boolean;
}

export interface AccountChecks {
  /**
   * Resolves when the user may go on (and notes the activity); throws the refusal otherwise, also
   * for a token of an older session generation (the account's sessions were ended since).
   */
  admitUser(userId: string, generation: number): Promise<void>;
  /** The admin's role; throws the refusal for a disabled or deleted admin, or a revoked token. */
  admitAdmin(adminId: string, generation: number): Promise<AdmittedAdmin>;
}

/**
 * Turns the identity headers of spec §6 into an identity, enforcing an endpoint's access level.
 * A token present but wrong is always a 401, never a silent fall-back to a device identity:
 * the client must learn its session ended. The `userType` header is informational only.
 */
export class IdentityResolver {
  constructor(
    private readonly tokens: TokenService,
    private readonly accounts: AccountChecks,
  ) {}

  async resolve<A extends Access>(access: A, headers: IncomingHttpHeaders): Promise<IdentityFor<A>> {
    const { identity, admitted } = await this.claim(access, headers);
    await admitted;
    return identity;
  }

  /**
   * Who the headers claim to be, once their token is verified, and the check of that account still
   * on its way (`admitted`: a database read, which the caller may overlap with its own work). The
   * identity must not be acted on before `admitted` resolves; an admin's role comes from the check,
   * so for admin access it has already resolved.
   */
  async claim<A extends Access>(
    access: A,
    headers: IncomingHttpHeaders,
  ): Promise<{ identity: IdentityFor<A>; admitted: Promise<void> }> {
    const claimed = await this.claimAny(access, headers);
    return claimed as { identity: IdentityFor<A>; admitted: Promise<void> };
  }

  private async claimAny(
    access: Access,
    headers: IncomingHttpHeaders,
  ): Promise<{ identity: Identity | null; admitted: Promise<void> }> {
    const checked = Promise.resolve();
    switch (access) {
      case 'public':
        return { identity: null, admitted: checked };
      case 'admin':
      case 'super_admin':
      case 'admin_self': {
        const token = bearerToken(headers);
        if (!token) throw unauthorized();
        const verified = await this.tokens.verify('admin', token);
        if (!verified) throw tokenInvalid();
        const adminId = verified.subject;
        const { role, mustChangePassword } = await this.accounts.admitAdmin(adminId, verified.generation);
        if (mustChangePassword && access !== 'admin_self') {
          throw new AppError(403, 'errors.admin_password_change_required');
        }
        if (access === 'super_admin' && role !== 'super_admin') throw new AppError(403, 'errors.forbidden');
        return { identity: { kind: 'admin', adminId, role }, admitted: checked };
      }
      case 'user':
      case 'identity': {
        const token = bearerToken(headers);
        if (token) {
          const verified = await this.tokens.verify('user', token);
          if (!verified) throw tokenInvalid();
          const userId = verified.subject;
          return {
            identity: { kind: 'user', userId },
            admitted: this.accounts.admitUser(userId, verified.generation),
          };
        }
        if (access === 'user') throw unauthorized();
        const deviceId = header(headers, 'deviceid');
        if (!deviceId) throw unauthorized();
        const parsed = DeviceId.safeParse(deviceId);
        if (!parsed.success) throw new AppError(401, 'errors.device_id_invalid');
        return { identity: { kind: 'device', deviceId: parsed.data }, admitted: checked };
      }
    }
  }
}
