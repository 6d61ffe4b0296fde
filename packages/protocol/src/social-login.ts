import { z } from 'zod';
import { AuthSession, SmsLoginRequest } from './auth.ts';
import { defineEndpoints } from './endpoint.ts';
import { User } from './user.ts';

/**
 * Third-party login through one OpenID Connect provider (modules/social-login on the server,
 * features/login on the web). The browser holds the transaction's secret between the redirect to
 * the provider and the callback; the server holds its state, nonce and PKCE verifier.
 */

/** What the login page needs to offer the button: null when no provider is configured. */
export const SocialLoginInfo = z.object({
  provider: z.object({ label: z.string().min(1) }).nullable(),
});
export type SocialLoginInfo = z.infer<typeof SocialLoginInfo>;

/** A path of the app (never another site): where to go once logged in. */
const AppPath = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])/, { error: 'errors.validation' });

export const SocialLoginStartRequest = z.strictObject(
  { redirect: AppPath.nullable().optional() },
  { error: 'errors.unknown_field' },
);
export type SocialLoginStartRequest = z.infer<typeof SocialLoginStartRequest>;

export const SocialLoginStart = z.object({
  /** Where the browser goes to log in at the provider. */
  authorizationUrl: z.url(),
  /** The secret that finishes this login, kept by the browser (sessionStorage) until the callback. */
  transaction: z.string().min(32),
});
export type SocialLoginStart = z.infer<typeof SocialLoginStart>;

export const SocialLoginFinishRequest = z.strictObject(
  {
    transaction: z.string().min(32).max(128),
    /** The callback page's query as the provider sent it (`?code=…&state=…&iss=…`, or `?error=…`). */
    callbackQuery: z.string().max(8192),
  },
  { error: 'errors.unknown_field' },
);
export type SocialLoginFinishRequest = z.infer<typeof SocialLoginFinishRequest>;

export const SocialLoginSession = AuthSession.extend({
  /** The redirect saved when the login started (null: none). */
  redirect: AppPath.nullable(),
  /** A new account was made by this login (it has no phone yet). */
  created: z.boolean(),
});
export type SocialLoginSession = z.infer<typeof SocialLoginSession>;

export const socialLoginEndpoints = defineEndpoints({
  socialLoginInfo: { method: 'GET', path: '/api/auth/social', access: 'public', data: SocialLoginInfo },
  socialLoginStart: {
    method: 'POST',
    path: '/api/auth/social/start',
    access: 'public',
    body: SocialLoginStartRequest,
    data: SocialLoginStart,
  },
  socialLoginFinish: {
    method: 'POST',
    path: '/api/auth/social/callback',
    access: 'public',
    body: SocialLoginFinishRequest,
    data: SocialLoginSession,
  },
  /** An account made by a social login binds a phone later, proven by an SMS code (smsSend first). */
  bindPhone: {
    method: 'POST',
    path: '/api/users/me/phone',
    access: 'user',
    body: SmsLoginRequest,
    data: User,
  },
});

declare module './endpoints.ts' {
  interface FeatureEndpoints {
    socialLogin: typeof socialLoginEndpoints;
  }
}
