import { randomInt, randomUUID } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_ATTEMPTS,
  SMS_RESEND_SECONDS,
  type AuthSession,
  type LoginRequest,
  type RegisterRequest,
  type SmsLoginRequest,
  type SmsSendResponse,
  type TokenPair,
  type User,
  type VerifyTokenResponse,
} from '@sfm/protocol';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import { hmacSha256, randomToken, safeEqualHex, sha256 } from '../../security/secrets.ts';
import type { TokenService } from '../../security/token-service.ts';
import type { UserRow, UsersRepo } from '../users/repo.ts';
import { toUser } from '../users/service.ts';
import type { RefreshTokenRepo, SmsCodeRepo } from './repo.ts';
import type { SmsSender } from '../../sms/sms-sender.ts';

export interface AuthServiceDeps {
  users: UsersRepo;
  refreshTokens: RefreshTokenRepo;
  smsCodes: SmsCodeRepo;
  passwords: PasswordHasher;
  tokens: TokenService;
  sms: SmsSender;
  clock: Clock;
  refreshTokenTtlSeconds: number;
  /** Keys the SMS code hashes: six digits are too few to hash without a secret. */
  smsCodeKey: Uint8Array;
  /** Told each time a code proves a phone (the points economy rewards the first time once). */
  phoneVerified: (userId: string) => Promise<void>;
}

type SmsCheck = 'ok' | 'invalid' | 'too_many';

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const refreshTokenInvalid = () => new AppError(401, 'errors.refresh_token_invalid');

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async register(request: RegisterRequest): Promise<AuthSession> {
    const passwordHash = await this.deps.passwords.hash(request.password);
    const user = await this.deps.users.create({
      phone: request.phone,
      passwordHash,
      nickname: request.nickname ?? null,
    });
    if (!user) throw new AppError(409, 'errors.phone_taken');
    return this.startSession(user);
  }

  async login(request: LoginRequest): Promise<AuthSession> {
    const user = await this.deps.users.findByPhone(request.phone);
    // verify runs even without a user or a password, so timing does not tell which phones exist
    const ok = await this.deps.passwords.verify(user?.passwordHash, request.password);
    if (!user || !ok) throw new AppError(401, 'errors.login_failed');
    return this.startSession(user);
  }

  async sendSmsCode(phone: string): Promise<SmsSendResponse> {
    const now = this.deps.clock();
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const issued = await this.deps.smsCodes.issue(
      {
        phone,
        codeHash: this.smsCodeHash(phone, code),
        sentAt: now,
        expiresAt: addSeconds(now, SMS_CODE_TTL_SECONDS),
      },
      addSeconds(now, -SMS_RESEND_SECONDS),
    );
    if (!issued) {
      const previous = await this.deps.smsCodes.find(phone);
      const wait = previous
        ? Math.ceil((previous.sentAt.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000)
        : SMS_RESEND_SECONDS;
      throw AppError.retryLater('errors.sms_resend_wait', Math.max(1, wait));
    }
    await this.deps.sms.send(phone, code);
    return { expiresInSeconds: SMS_CODE_TTL_SECONDS, resendAfterSeconds: SMS_RESEND_SECONDS };
  }

  /** Logs in with a code; an unknown phone gets an account, as users of Chinese SMS login expect. */
  async smsLogin(request: SmsLoginRequest): Promise<AuthSession> {
    const result = await this.checkSmsCode(request.phone, request.code);
    if (result === 'too_many') throw new AppError(429, 'errors.sms_too_many_attempts');
    if (result === 'invalid') throw new AppError(401, 'errors.sms_code_invalid');
    const user = await this.deps.users.findOrCreateByPhone(request.phone);
    await this.deps.phoneVerified(user.id);
    return this.startSession(user);
  }

  /**
   * Binds a phone proven by a code to the caller's account, which has none (made by a social
   * login). The verification reward is per account: binding after a social login adds nothing.
   */
  async bindPhone(userId: string, request: SmsLoginRequest): Promise<User> {
    const result = await this.checkSmsCode(request.phone, request.code);
    if (result === 'too_many') throw new AppError(429, 'errors.sms_too_many_attempts');
    if (result === 'invalid') throw new AppError(401, 'errors.sms_code_invalid');
    const bound = await this.deps.users.bindPhone(userId, request.phone, this.deps.clock());
    if (bound === 'taken') throw new AppError(409, 'errors.phone_bound_elsewhere');
    if (bound === 'has_phone') throw new AppError(409, 'errors.phone_already_bound');
    if (!bound) throw new AppError(401, 'errors.token_invalid');
    await this.deps.phoneVerified(userId);
    return toUser(bound);
  }

  async verifyToken(token: string): Promise<VerifyTokenResponse> {
    const userId = await this.deps.tokens.verify('user', token);
    const user = userId ? await this.deps.users.findById(userId) : null;
    return { valid: user !== null && user.bannedAt === null };
  }

  /**
   * Rotates a refresh token. A token that was already rotated is being replayed (stolen, or a
   * client bug): the whole family is revoked, so the thief and the victim both have to log in again.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.deps.clock();
    const outcome = await this.deps.refreshTokens.transaction(async (repo) => {
      const row = await repo.findForUpdate(sha256(refreshToken));
      if (!row || row.revokedAt) return null;
      if (row.usedAt) {
        await repo.revokeFamily(row.familyId, now);
        return null;
      }
      if (row.expiresAt <= now) return null;
      await repo.markUsed(row.id, now);
      const next = await this.newRefreshToken(repo, row.userId, row.familyId, now);
      return { userId: row.userId, refreshToken: next };
    });
    if (!outcome) throw refreshTokenInvalid();
    return { token: await this.deps.tokens.sign('user', outcome.userId), refreshToken: outcome.refreshToken };
  }

  async logout(refreshToken: string): Promise<null> {
    await this.deps.refreshTokens.revokeFamilyOf(sha256(refreshToken), this.deps.clock());
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
    return { token: await this.deps.tokens.sign('user', user.id), refreshToken, user: toUser(user) };
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

  private smsCodeHash(phone: string, code: string): string {
    return hmacSha256(this.deps.smsCodeKey, `${phone}:${code}`);
  }

  /** One check at a time per phone (row lock), so parallel guesses cannot exceed the attempt limit. */
  private checkSmsCode(phone: string, code: string): Promise<SmsCheck> {
    const now = this.deps.clock();
    return this.deps.smsCodes.transaction(async (repo): Promise<SmsCheck> => {
      const row = await repo.findForUpdate(phone);
      if (!row || row.expiresAt <= now) return 'invalid';
      if (row.failedAttempts >= SMS_MAX_ATTEMPTS) return 'too_many';
      if (!safeEqualHex(row.codeHash, this.smsCodeHash(phone, code))) {
        const failures = await repo.recordFailure(phone);
        return failures >= SMS_MAX_ATTEMPTS ? 'too_many' : 'invalid';
      }
      await repo.remove(phone);
      return 'ok';
    });
  }
}
