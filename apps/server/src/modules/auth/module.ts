import { createHmac } from 'node:crypto';
import type { ModuleContext } from '../../module-context.ts';
import { UsersRepo } from '../users/repo.ts';
import { RefreshTokenRepo, SmsCodeRepo } from './repo.ts';
import { registerAuthRoutes } from './routes.ts';
import { AuthService } from './service.ts';

/** Registration, password and SMS login, token refresh and logout. */
export function register({ http, db, config, clock, security, adapters, points }: ModuleContext): void {
  const auth = new AuthService({
    users: new UsersRepo(db),
    refreshTokens: new RefreshTokenRepo(db),
    smsCodes: new SmsCodeRepo(db),
    passwords: security.passwords,
    tokens: security.tokens,
    sms: adapters.sms,
    clock,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    smsCodeKey: createHmac('sha256', security.secret).update('sms-code').digest(),
    phoneVerified: points.phoneVerified,
  });
  registerAuthRoutes(http, auth, config.loginRateLimitPerMinute);
}
