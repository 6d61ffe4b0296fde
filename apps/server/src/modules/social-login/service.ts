import type {
  SocialLoginFinishRequest,
  SocialLoginInfo,
  SocialLoginSession,
  SocialLoginStart,
  SocialLoginStartRequest,
} from '@sfm/protocol/social-login';
import type { Logger } from 'pino';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../security/clock.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import type { Logins } from '../../module-context.ts';
import { OidcLoginError, type OidcClient } from './oidc-client.ts';
import type { IdentityRepo, LoginTransactionRepo } from './repo.ts';

/** How long a login may stay at the provider (the person types a password, scans a code). */
export const LOGIN_TRANSACTION_TTL_SECONDS = 600;
/** The protocol's Nickname is at most 32 characters; a provider's name is cut to fit. */
const NICKNAME_MAX = 32;

export interface SocialLoginDeps {
  /** null: no provider configured. */
  oidc: OidcClient | null;
  transactions: LoginTransactionRepo;
  identities: IdentityRepo;
  auth: Logins;
  /**
   * The ledger's one-time verification reward (type auth). Its idempotency key is per account, so a
   * person gets it once however many identities (and phones) lead to their account.
   */
  verified: (userId: string) => Promise<void>;
  clock: Clock;
  logger: Logger;
}

const unavailable = () => new AppError(404, 'errors.social_login_unavailable');

/** Third-party login: start (transaction + redirect to the provider) and finish (callback → session). */
export class SocialLoginService {
  constructor(private readonly deps: SocialLoginDeps) {}

  info(): SocialLoginInfo {
    return { provider: this.deps.oidc ? { label: this.deps.oidc.label } : null };
  }

  async start(request: SocialLoginStartRequest): Promise<SocialLoginStart> {
    const { oidc, transactions, clock } = this.deps;
    if (!oidc) throw unavailable();
    const now = clock();
    const checks = oidc.newChecks();
    const authorizationUrl = await oidc.authorizationUrl(checks).catch((err: unknown) => {
      this.deps.logger.warn({ err }, 'oidc discovery failed');
      throw new AppError(503, 'errors.social_login_failed');
    });
    const transaction = randomToken();
    await transactions.removeExpired(now);
    await transactions.insert({
      idHash: sha256(transaction),
      ...checks,
      redirect: request.redirect ?? null,
      expiresAt: new Date(now.getTime() + LOGIN_TRANSACTION_TTL_SECONDS * 1000),
    });
    return { authorizationUrl, transaction };
  }

  async finish(request: SocialLoginFinishRequest): Promise<SocialLoginSession> {
    const { oidc, transactions, identities, auth, clock, logger } = this.deps;
    if (!oidc) throw unavailable();
    // taken before anything is checked: whatever happens next, this callback cannot be replayed
    const saved = await transactions.take(sha256(request.transaction));
    if (!saved || saved.expiresAt <= clock()) throw new AppError(400, 'errors.social_login_expired');
    let proven;
    try {
      proven = await oidc.finish(request.callbackQuery, saved);
    } catch (err) {
      if (!(err instanceof OidcLoginError)) {
        logger.warn({ err }, 'oidc provider unreachable');
        throw new AppError(503, 'errors.social_login_failed');
      }
      logger.info({ reason: err.reason, detail: err.detail }, 'social login refused');
      // 400, not 401: the client would take a 401 for its own token's expiry and try to refresh it
      throw new AppError(400, `errors.social_login_${err.reason}`);
    }
    const nickname = proven.name?.slice(0, NICKNAME_MAX) ?? null;
    const { user, created } = await identities.findOrCreateUser(proven.issuer, proven.subject, nickname);
    const session = await auth.startSession(user);
    await this.deps.verified(user.id);
    logger.info({ userId: user.id, created }, 'social login');
    return { ...session, redirect: saved.redirect, created };
  }
}
