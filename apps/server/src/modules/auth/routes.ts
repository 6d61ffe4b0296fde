import { endpoints } from '@sfm/protocol';
import { credentialLimits } from '../../http/credential-limits.ts';
import type { Router } from '../../http/router.ts';
import type { AuthService } from './service.ts';

export function registerAuthRoutes(router: Router, auth: AuthService, loginsPerMinute: number): void {
  const limit = loginsPerMinute;
  router.route(endpoints.register, ({ body }) => auth.register(body), {
    rateLimits: credentialLimits('register', limit, (r) => r.body.phone),
  });
  router.route(endpoints.login, ({ body }) => auth.login(body), {
    rateLimits: credentialLimits('login', limit, (r) => r.body.phone),
  });
  router.route(endpoints.smsSend, ({ body }) => auth.sendSmsCode(body.phone), {
    rateLimits: credentialLimits('sms-send', limit, (r) => r.body.phone),
  });
  router.route(endpoints.smsLogin, ({ body }) => auth.smsLogin(body), {
    rateLimits: credentialLimits('sms-login', limit, (r) => r.body.phone),
  });
  router.route(endpoints.verifyToken, ({ body }) => auth.verifyToken(body.token));
  router.route(endpoints.refreshToken, ({ body }) => auth.refresh(body.refreshToken));
  router.route(endpoints.logout, ({ body }) => auth.logout(body.refreshToken));
  router.route(endpoints.logoutAll, ({ identity }) => auth.logoutAll(identity.userId));
  router.route(endpoints.passwordReset, ({ body }) => auth.resetPassword(body), {
    rateLimits: credentialLimits('password-reset', limit, (r) => r.body.phone),
  });
  // the current password is asked: limited like a login, so a stolen token cannot guess it
  router.route(endpoints.changePassword, ({ identity, body }) => auth.changePassword(identity.userId, body), {
    rateLimits: credentialLimits('password-change', limit, (r) => r.identity.userId),
  });
}
