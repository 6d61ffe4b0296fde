/**
 * Third-party login: one generic OpenID Connect provider, from environment variables. Unset
 * OIDC_ISSUER → no social login (the login page shows no button).
 */
import { z } from 'zod';
import { configSlice, type DocsOf, type Env, optionalText, readSlice } from './config-slice.ts';

export const DEFAULT_OIDC_SCOPES = 'openid profile';
/** The path of the web app's callback page (apps/web routes.authCallback). */
export const SOCIAL_CALLBACK_PATH = '/auth/callback';

export interface OidcConfig {
  issuer: URL;
  clientId: string;
  /** undefined: a public client (PKCE only, no client authentication). */
  clientSecret: string | undefined;
  scopes: string;
  /** The provider's name on the login button. */
  label: string;
  /** The callback page's absolute URL, as registered at the provider. */
  redirectUri: string;
  /** http on a loopback issuer (a provider on the same machine, or the tests'): allowed, nowhere else. */
  allowHttp: boolean;
}

export interface SocialLoginConfig {
  oidc: OidcConfig | null;
}

const SocialLoginEnv = z.object({
  OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_SCOPES: optionalText,
  OIDC_LABEL: optionalText,
  OIDC_REDIRECT_URI: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
});

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Throws an Error for a provider that is not fully or safely configured. */
function readSocialLoginConfig(e: z.output<typeof SocialLoginEnv>): SocialLoginConfig {
  if (!e.OIDC_ISSUER) return { oidc: null };
  const issuer = new URL(e.OIDC_ISSUER);
  const allowHttp = issuer.protocol === 'http:';
  if (allowHttp && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    throw new Error('OIDC_ISSUER must use https (http only on a loopback address)');
  }
  if (!e.OIDC_CLIENT_ID) throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID');
  const redirectUri =
    e.OIDC_REDIRECT_URI ?? (e.PUBLIC_URL && `${e.PUBLIC_URL.replace(/\/$/, '')}${SOCIAL_CALLBACK_PATH}`);
  if (!redirectUri) throw new Error('OIDC_ISSUER needs OIDC_REDIRECT_URI or PUBLIC_URL');
  if (new URL(redirectUri).pathname !== SOCIAL_CALLBACK_PATH) {
    throw new Error(`OIDC_REDIRECT_URI must end in ${SOCIAL_CALLBACK_PATH} (the app's callback page)`);
  }
  const scopes = e.OIDC_SCOPES ?? DEFAULT_OIDC_SCOPES;
  if (!scopes.split(/\s+/).includes('openid')) throw new Error('OIDC_SCOPES must include openid');
  return {
    oidc: {
      issuer,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      scopes,
      label: e.OIDC_LABEL ?? issuer.hostname,
      redirectUri,
      allowHttp,
    },
  };
}

/** The social-login module's slice (modules/social-login/module.ts brings it): `config.socialLogin`. */
export const socialLoginConfig = configSlice({
  schema: SocialLoginEnv,
  // PUBLIC_URL is documented by the payments slice.
  docs: {
    OIDC_ISSUER: [
      '(unset)',
      'Issuer URL of an OpenID Connect provider for third-party login (discovery at `<issuer>/.well-known/openid-configuration`); unset → no third-party login. https, or http on a loopback address only.',
    ],
    OIDC_CLIENT_ID: ['(unset)', 'Client id registered at the OIDC provider (required with OIDC_ISSUER).'],
    OIDC_CLIENT_SECRET: [
      '(unset)',
      'Client secret at the OIDC provider; unset → a public client (PKCE only). Never logged.',
    ],
    OIDC_SCOPES: [
      DEFAULT_OIDC_SCOPES,
      'Scopes asked of the OIDC provider (space-separated; `openid` is required).',
    ],
    OIDC_LABEL: [
      '(issuer host)',
      'Provider name on the third-party login button (e.g. the company or service name).',
    ],
    OIDC_REDIRECT_URI: [
      `(PUBLIC_URL + ${SOCIAL_CALLBACK_PATH})`,
      `The callback page's URL as registered at the provider; its path must be \`${SOCIAL_CALLBACK_PATH}\`. Required with OIDC_ISSUER when PUBLIC_URL is unset.`,
    ],
  } satisfies DocsOf<typeof SocialLoginEnv, 'PUBLIC_URL'>,
  read: readSocialLoginConfig,
});

declare module '../config.ts' {
  interface ModuleConfigs {
    /** Third-party login (OpenID Connect); its `oidc` is null when not configured. */
    socialLogin: SocialLoginConfig;
  }
}

/** The social-login config alone, or an "Invalid configuration" error listing every problem. */
export const socialLoginConfigOrThrow = (env: Env): SocialLoginConfig => readSlice(socialLoginConfig, env);
