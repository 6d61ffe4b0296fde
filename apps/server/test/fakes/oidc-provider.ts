import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** Who logs in at the provider's next authorization, or a person who declines. */
export type TestLogin = { sub: string; name?: string } | 'deny';

export interface TestOidcProvider {
  /** The issuer URL (OIDC_ISSUER). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person at the provider's login page: the test sets it before each login. */
  login: TestLogin;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on a loopback
 * port, with one confidential client. Only its login and consent pages are replaced: instead of a
 * form, the interaction is finished at once as `login` says, through the provider's own interaction
 * API, so every protocol step (PKCE, state, nonce, code, ID token signing) is the provider's.
 */
export async function startOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const names = new Map<string, string | undefined>();
  const state: TestOidcProvider = {
    issuer,
    clientId: 'see-for-me-test',
    clientSecret: 'see-for-me-test-secret-0123456789',
    login: { sub: 'person-1' },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    claims: { openid: ['sub'], profile: ['name', 'nickname'] },
    features: { devInteractions: { enabled: false } },
    // the profile claims in the ID token itself, as many providers put them
    conformIdTokenClaims: false,
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
    },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: names.get(sub) }) }),
  });
  // its dev warnings about the loopback http issuer are expected here
  provider.on('server_error', (_ctx, err) => console.error('oidc test provider:', err));

  const finishInteraction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const login = state.login;
    if (login === 'deny') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'declined' });
      return;
    }
    names.set(login.sub, login.name);
    const grant = new provider.Grant({ accountId: login.sub, clientId: String(details.params['client_id']) });
    const missing = details.prompt.details['missingOIDCScope'];
    if (Array.isArray(missing)) grant.addOIDCScope(missing.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: login.sub }, consent: { grantId } });
  };
  const callback = provider.callback();
  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      finishInteraction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    } else {
      void callback(req, res);
    }
  };
  return state;
}

/**
 * Follows the provider's redirects from the authorization URL the way a browser would (keeping its
 * cookies) until it sends the person back to `redirectUri`; returns that callback's query.
 */
export async function followToCallback(authorizationUrl: string, redirectUri: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url).search;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${res.status}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the provider');
}
