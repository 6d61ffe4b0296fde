import { randomUUID } from 'node:crypto';
import {
  type AuthSession,
  type LoginRequest,
  type PasswordChangeRequest,
  type PasswordResetRequest,
  type RegisterRequest,
  type SmsLoginRequest,
  type SmsSendResponse,
  type TokenPair,
  type User,
  type VerifyTokenResponse,
} from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import { toUser } from '../../db/user-row.ts';
import type { Accounts, UserChanges, UserRow } from '../../module-context.ts';
import type { Clock } from '../../security/clock.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import type { TokenService } from '../../security/token-service.ts';
import type { RefreshTokenRepo } from './repo.ts';
import type { SmsCodes } from './sms-codes.ts';

export interface AuthServiceDeps {
  users: Accounts;
  refreshTokens: RefreshTokenRepo;
  /** The codes that prove a phone (registration, SMS login, a reset, a phone bound). */
  codes: SmsCodes;
  passwords: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  refreshTokenTtlSeconds: number;
  /** Told each time a code proves a phone (the points economy rewards the first time once). */
  phoneVerified: (userId: string) => Promise<void>;
}

/**
 * How long a rotated refresh token may be presented again (the usual "reuse interval"): long enough
 * for a retried or parallel rotation, too short to be worth much to a thief.
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const refreshTokenInvalid = () => new AppError(401, 'errors.refresh_token_invalid');

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Registration proves the phone before an account exists, so nobody can make one in advance for
   * someone else's phone. A phone that has an account already gets the same answer (no telling
   * which phones are registered): the code proved the caller owns it, so its password is replaced
   * as by a reset.
   */
  async register(request: RegisterRequest): Promise<AuthSession> {
    return this.setPasswordByCode(request.phone, request.code, request.password, request.nickname);
  }

  /** A forgotten password: the code proves the phone; every other session of the account ends. */
  async resetPassword(request: PasswordResetRequest): Promise<AuthSession> {
    return this.setPasswordByCode(request.phone, request.code, request.newPassword);
  }

  /**
   * A logged-in user's new password, proven by the current one or by a code sent to the account's
   * phone. Every session of the account ends; the one returned goes on on this device.
   */
  async changePassword(userId: string, request: PasswordChangeRequest): Promise<AuthSession> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new AppError(401, 'errors.token_invalid');
    if (request.code !== undefined) {
      await this.deps.codes.prove(user.phone, request.code);
    } else if (!(await this.deps.passwords.verify(user.passwordHash, request.currentPassword ?? ''))) {
      throw new AppError(400, 'errors.password_wrong', {}, { field: 'currentPassword' });
    }
    const passwordHash = await this.deps.passwords.hash(request.newPassword);
    return this.startSession(await this.endSessions(user.id, { passwordHash }));
  }

  /** Every session of the account ends, this one included (退出所有设备). */
  async logoutAll(userId: string): Promise<null> {
    await this.endSessions(userId, {});
    return null;
  }

  sendSmsCode(phone: string): Promise<SmsSendResponse> {
    return this.deps.codes.send(phone);
  }

  async login(request: LoginRequest): Promise<AuthSession> {
    const user = await this.deps.users.findByPhone(request.phone);
    // verify runs even without a user or a password, so timing does not tell which phones exist
    const ok = await this.deps.passwords.verify(user?.passwordHash, request.password);
    if (!user || !ok) throw new AppError(401, 'errors.login_failed');
    return this.startSession(user);
  }

  /**
   * Logs in with a code; an unknown phone gets an account, as users of Chinese SMS login expect.
   * An account registered before registration asked for a code may have been made by someone
   * who does not own the phone: at its owner's first code its password and every session end.
   */
  async smsLogin(request: SmsLoginRequest): Promise<AuthSession> {
    await this.deps.codes.prove(request.phone, request.code);
    const now = this.deps.clock();
    let user = await this.deps.users.findOrCreateByPhone(request.phone, now);
    if (!user.phoneVerifiedAt) {
      user = await this.endSessions(user.id, { passwordHash: null, phoneVerifiedAt: now });
    }
    await this.deps.phoneVerified(user.id);
    return this.startSession(user);
  }

  /**
   * Binds a phone proven by a code to the caller's account, which has none (made by a social
   * login). The verification reward is per account: binding after a social login adds nothing.
   */
  async bindPhone(userId: string, request: SmsLoginRequest): Promise<User> {
    await this.deps.codes.prove(request.phone, request.code);
    const bound = await this.deps.users.bindPhone(userId, request.phone, this.deps.clock());
    if (bound === 'taken') throw new AppError(409, 'errors.phone_bound_elsewhere');
    if (bound === 'has_phone') throw new AppError(409, 'errors.phone_already_bound');
    if (!bound) throw new AppError(401, 'errors.token_invalid');
    await this.deps.phoneVerified(userId);
    return toUser(bound);
  }

  async verifyToken(token: string): Promise<VerifyTokenResponse> {
    const verified = await this.deps.tokens.verify('user', token);
    const user = verified ? await this.deps.users.findById(verified.subject) : null;
    return {
      valid: user !== null && user.bannedAt === null && user.tokenGeneration === verified?.generation,
    };
  }

  /**
   * Rotates a refresh token. A token rotated longer ago than the reuse grace is being replayed
   * (stolen, or a client bug): the whole family is revoked and the account's access tokens too, so
   * the thief and the victim both have to log in again (the victim's other devices refresh quietly).
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.deps.clock();
    type Rotation =
      { kind: 'rotated'; user: UserRow | null; refreshToken: string } | { kind: 'replayed'; userId: string };
    const outcome = await this.deps.refreshTokens.transaction(async (repo): Promise<Rotation | null> => {
      const row = await repo.findForUpdate(sha256(refreshToken));
      if (!row || row.revokedAt) return null;
      if (row.expiresAt <= now) return null;
      if (row.usedAt && now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
        await repo.revokeFamily(row.familyId, now);
        return { kind: 'replayed', userId: row.userId };
      }
      // used moments ago: the answer to that rotation was lost (the app closed while it was on its
      // way, the network dropped) or two tabs rotated at once. A new token for the same family,
      // not a revocation that would log the owner out for a dropped packet.
      if (!row.usedAt) await repo.markUsed(row.id, now);
      const next = await this.newRefreshToken(repo, row.userId, row.familyId, now);
      // read while this rotation still holds its row: an ending of sessions (logout, a ban, a new
      // password) waits for it and only then counts the generation up, so the access token signed
      // with this one dies with the rest
      const user = await this.deps.users.findById(row.userId);
      return { kind: 'rotated', user, refreshToken: next };
    });
    if (outcome?.kind === 'replayed')
      await this.deps.users.update(outcome.userId, { endSessions: true }, now);
    if (outcome?.kind !== 'rotated' || !outcome.user) throw refreshTokenInvalid();
    return {
      token: await this.deps.tokens.sign('user', outcome.user.id, outcome.user.tokenGeneration),
      refreshToken: outcome.refreshToken,
    };
  }

  /**
   * Ends this device's session: its refresh token family, and its access token (the account's
   * generation counts up, so the user's other devices refresh theirs quietly).
   */
  async logout(refreshToken: string): Promise<null> {
    const now = this.deps.clock();
    const userId = await this.deps.refreshTokens.revokeFamilyOf(sha256(refreshToken), now);
    if (userId) await this.deps.users.update(userId, { endSessions: true }, now);
    return null;
  }

  /** A banned account learns why at login, and only from someone who proved to own it. */
  private refuseBanned(user: UserRow): void {
    if (user.bannedAt) throw new AppError(403, 'errors.account_banned', { reason: user.banReason ?? '' });
  }

  /** A new token pair for a user proven some way (a password, a code, a social login); banned ones are refused. */
  async startSession(user: UserRow): Promise<AuthSession> {
    this.refuseBanned(user);
    const refreshToken = await this.newRefreshToken(
      this.deps.refreshTokens,
      user.id,
      randomUUID(),
      this.deps.clock(),
    );
    return {
      token: await this.deps.tokens.sign('user', user.id, user.tokenGeneration),
      refreshToken,
      user: toUser(user),
    };
  }

  /** Proves the phone, then sets its account's password (making the account if there is none). */
  private async setPasswordByCode(
    phone: string,
    code: string,
    password: string,
    nickname?: string,
  ): Promise<AuthSession> {
    // the code first: it is cheap, and hashing for a wrong code would hand out free CPU
    await this.deps.codes.prove(phone, code);
    const passwordHash = await this.deps.passwords.hash(password);
    const now = this.deps.clock();
    const created = await this.deps.users.create({
      phone,
      passwordHash,
      nickname: nickname ?? null,
      phoneVerifiedAt: now,
    });
    const user = created ?? (await this.endSessionsOfPhone(phone, { passwordHash, phoneVerifiedAt: now }));
    await this.deps.phoneVerified(user.id);
    return this.startSession(user);
  }

  private async endSessionsOfPhone(phone: string, changes: UserChanges): Promise<UserRow> {
    const owner = await this.deps.users.findByPhone(phone);
    if (!owner) throw new Error('user vanished between insert and select');
    return this.endSessions(owner.id, {
      ...changes,
      phoneVerifiedAt: owner.phoneVerifiedAt ?? changes.phoneVerifiedAt,
    });
  }

  /**
   * Ends every session of the account (refresh tokens revoked, access tokens refused from the next
   * request on, on every node) and applies the changes with it: the updated row.
   */
  private async endSessions(userId: string, changes: UserChanges): Promise<UserRow> {
    const now = this.deps.clock();
    await this.deps.refreshTokens.revokeAllOfUser(userId, now);
    const user = await this.deps.users.update(userId, { ...changes, endSessions: true }, now);
    if (!user) throw new AppError(401, 'errors.token_invalid');
    return user;
  }

  private async newRefreshToken(repo: RefreshTokenRepo, userId: string, familyId: string, now: Date) {
    const token = randomToken();
    await repo.insert({
      userId,
      familyId,
      tokenHash: sha256(token),
      expiresAt: addSeconds(now, this.deps.refreshTokenTtlSeconds),
    });
    return token;
  }
}
