import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config/social-login-config.ts';

/** What the provider proved about the person (from the validated ID token). */
export interface ProvenIdentity {
  /** The ID token's issuer: the identity's provider key. */
  issuer: string;
  subject: string;
  /** A display name the provider offered, if any (a nickname to start the account with). */
  name: string | null;
}

/** The secrets one login keeps between the redirect and the callback. */
export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a callback did not prove an identity: the person declined, or the exchange failed a check. */
export class OidcLoginError extends Error {
  constructor(
    readonly reason: 'denied' | 'failed',
    /** A short machine code for the log (never a token or a code). */
    readonly detail: string,
  ) {
    super(`oidc login ${reason}: ${detail}`);
  }
}

/**
 * The OpenID Connect relying party, on `openid-client`: discovery (once, retried after a failure),
 * the authorization URL with PKCE (S256), state and nonce, and the code exchange whose ID token the
 * library validates (signature, issuer, audience, expiry, nonce).
 */
export class OidcClient {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(private readonly config: OidcConfig) {}

  get label(): string {
    return this.config.label;
  }

  newChecks(): LoginChecks {
    return {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
  }

  async authorizationUrl(checks: LoginChecks): Promise<string> {
    const configuration = await this.configuration();
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.config.redirectUri,
        scope: this.config.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      })
      .toString();
  }

  /** Exchanges the callback's code; throws OidcLoginError when anything does not check out. */
  async finish(callbackQuery: string, checks: LoginChecks): Promise<ProvenIdentity> {
    const configuration = await this.configuration();
    const callbackUrl = new URL(this.config.redirectUri);
    callbackUrl.search = callbackQuery;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcLoginError('failed', 'no_id_token');
      const name = [claims['nickname'], claims['name'], claims['preferred_username']].find(
        (v): v is string => typeof v === 'string' && v.trim() !== '',
      );
      return { issuer: claims.iss, subject: claims.sub, name: name?.trim() ?? null };
    } catch (err) {
      if (err instanceof OidcLoginError) throw err;
      if (err instanceof oidc.AuthorizationResponseError) {
        throw new OidcLoginError(err.error === 'access_denied' ? 'denied' : 'failed', err.error);
      }
      if (err instanceof oidc.ResponseBodyError) throw new OidcLoginError('failed', err.error);
      if (err instanceof oidc.ClientError) throw new OidcLoginError('failed', err.code ?? 'client_error');
      throw err;
    }
  }

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= this.discover().catch((err: unknown) => {
      // the provider may be down at start: the next login tries again
      this.discovered = null;
      throw err;
    });
    return this.discovered;
  }

  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, allowHttp } = this.config;
    return oidc.discovery(
      issuer,
      clientId,
      undefined,
      clientSecret === undefined ? oidc.None() : oidc.ClientSecretPost(clientSecret),
      allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  }
}
