import { socialLoginConfig } from '../../config/social-login-config.ts';
import type { ModuleSlices } from '../../config.ts';
import type { ModuleContext } from '../../module-context.ts';
import { createAuthService } from '../auth/module.ts';
import { OidcClient } from './oidc-client.ts';
import { socialLoginPersonalData } from './personal-data.ts';
import { IdentityRepo, LoginTransactionRepo } from './repo.ts';
import { registerSocialLoginRoutes } from './routes.ts';
import { SocialLoginService } from './service.ts';

/** The OpenID Connect provider (OIDC_*): `config.socialLogin`. */
export const configSlices = { socialLogin: socialLoginConfig } satisfies ModuleSlices;

/** Third-party login through one OpenID Connect provider (OIDC_* settings), when configured. */
export function register(ctx: ModuleContext): void {
  const { oidc } = ctx.config.socialLogin;
  const auth = createAuthService(ctx);
  const service = new SocialLoginService({
    oidc: oidc ? new OidcClient(oidc) : null,
    transactions: new LoginTransactionRepo(ctx.db),
    identities: new IdentityRepo(ctx.db),
    auth,
    verified: ctx.points.identityVerified,
    clock: ctx.clock,
    logger: ctx.logger,
  });
  registerSocialLoginRoutes(ctx.http, service, auth, ctx.config.loginRateLimitPerMinute);
  ctx.personalData.register(socialLoginPersonalData(ctx.db));
}
