import { createHmac } from 'node:crypto';
import type { ModuleContext } from '../../module-context.ts';
import { authPersonalData } from './personal-data.ts';
import { RefreshTokenRepo, SmsCodeRepo } from './repo.ts';
import { registerAuthRoutes } from './routes.ts';
import { AuthService } from './service.ts';
import { SmsCodes } from './sms-codes.ts';

/** The auth service as every module that logs a user in builds it (social login does too). */
export function createAuthService({
  db,
  config,
  clock,
  security,
  adapters,
  points,
  accounts,
}: ModuleContext): AuthService {
  return new AuthService({
    users: accounts,
    refreshTokens: new RefreshTokenRepo(db),
    codes: new SmsCodes({
      repo: new SmsCodeRepo(db),
      sms: adapters.sms,
      clock,
      key: createHmac('sha256', security.secret).update('sms-code').digest(),
    }),
    passwords: security.passwords,
    tokens: security.tokens,
    clock,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    phoneVerified: points.phoneVerified,
  });
}

/** Registration, password and SMS login, token refresh and logout. */
export function register(ctx: ModuleContext): void {
  registerAuthRoutes(ctx.http, createAuthService(ctx), ctx.config.loginRateLimitPerMinute);
  ctx.personalData.register(authPersonalData);
}
