import { socialLoginEndpoints as endpoints } from '@sfm/protocol/social-login';
import { credentialLimits } from '../../http/credential-limits.ts';
import type { Router } from '../../http/router.ts';
import type { Logins } from '../../module-context.ts';
import type { SocialLoginService } from './service.ts';

export function registerSocialLoginRoutes(
  router: Router,
  service: SocialLoginService,
  auth: Logins,
  perMinute: number,
): void {
  router.route(endpoints.socialLoginInfo, () => service.info());
  // a start costs a row and a callback a call to the provider: both are throttled per client IP
  router.route(endpoints.socialLoginStart, ({ body }) => service.start(body), {
    rateLimits: [{ bucket: 'social-start:ip', limit: perMinute, key: (r) => r.ip }],
  });
  router.route(endpoints.socialLoginFinish, ({ body }) => service.finish(body), {
    rateLimits: [{ bucket: 'social-finish:ip', limit: perMinute, key: (r) => r.ip }],
  });
  // a code is guessed like a password: the same limits as the SMS login
  router.route(endpoints.bindPhone, ({ identity, body }) => auth.bindPhone(identity.userId, body), {
    rateLimits: credentialLimits('bind-phone', perMinute, (r) => r.body.phone),
  });
}
