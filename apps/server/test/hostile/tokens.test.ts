import { isAdminAccess, type Endpoint } from '@sfm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService, type TokenAudience } from '../../src/security/token-service.ts';
import { registeredUser, signedInAdmin } from '../harness/admin-harness.ts';
import { createTestApp, JWT_SECRET, type TestApp } from '../harness/app-harness.ts';
import { TestSockets } from '../harness/socket-clients.ts';
import { envelopeProblem, isAnyCatalogueError } from './catalogue-answers.ts';
import { protocolEndpoints } from './protocol-endpoints.ts';
import { watchSocketNamespaces } from './socket-namespaces.ts';
import { startListeningApp, type ListeningApp } from '../harness/listening-app.ts';

const HOUR = 3600;
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens as the server signs them, for any secret and any moment. */
const signer = (secret: Uint8Array, at: Date) =>
  new TokenService({ secret, clock: () => at, ttlSeconds: { user: HOUR, admin: HOUR } });

/** `alg: none`: the claims a real token has, and no signature at all. */
function unsignedToken(audience: TokenAudience, subject: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: 'see-for-me', aud: audience, sub: subject, iat: now, exp: now + HOUR };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

/** Right secret, right claims, another algorithm: only HS256 is taken. */
async function hs512Token(audience: TokenAudience, subject: string): Promise<string> {
  const { SignJWT } = await import('jose');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .setIssuer('see-for-me')
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(JWT_SECRET);
}

let t: TestApp;
/** Per audience, every token that must be refused, named for the failure report. */
let bad: Record<TokenAudience, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await registeredUser(t);
  const admin = await signedInAdmin(t, 'super_admin');
  const forger = signer(new TextEncoder().encode('not-the-server-secret-not-the-server'), new Date());
  const past = signer(JWT_SECRET, new Date(Date.now() - 2 * HOUR * 1000));
  const refusals = async (audience: TokenAudience, subject: string, otherAudiencesToken: string) => ({
    'forged signature': await forger.sign(audience, subject, 0),
    expired: await past.sign(audience, subject, 0),
    'alg none': unsignedToken(audience, subject),
    'alg HS512': await hs512Token(audience, subject),
    'the other audience': otherAudiencesToken,
    garbage: 'x.y.z',
  });
  bad = {
    user: await refusals('user', user.user.id, admin.token),
    admin: await refusals('admin', admin.id, user.token),
  };
});
afterAll(() => t?.close());

const audienceOf = (endpoint: Endpoint): TokenAudience | null =>
  endpoint.access === 'public' ? null : isAdminAccess(endpoint.access) ? 'admin' : 'user';

describe('tokens the server did not issue, or not for this door', () => {
  const guarded = protocolEndpoints().filter(({ endpoint }) => audienceOf(endpoint));

  for (const { name, endpoint } of guarded) {
    it(`${name} refuses forged, expired, alg:none, HS512 and other-audience tokens with 401 token_invalid`, async () => {
      const audience = audienceOf(endpoint) as TokenAudience;
      for (const [kind, token] of Object.entries(bad[audience])) {
        for (const headers of [{ authorization: `Bearer ${token}` }, { token }]) {
          const res = await t.app.inject({ method: endpoint.method, url: endpoint.path, headers });
          expect(res.statusCode, `${kind}: ${res.body}`).toBe(401);
          expect(res.json().data.error, kind).toBe('token_invalid');
          expect(envelopeProblem(401, res.json(), 'zh-CN'), kind).toBeNull();
        }
      }
    });
  }
});

describe('socket handshakes with such tokens', () => {
  const namespaces = watchSocketNamespaces();
  let server: ListeningApp;
  const clients = new TestSockets();
  beforeAll(async () => {
    server = await startListeningApp();
    namespaces.stop();
  });
  afterAll(async () => {
    clients.closeAll();
    await server?.close();
  });

  it('every namespace refuses them at the door with the catalogue text', async () => {
    expect(namespaces.found.length).toBeGreaterThan(0);
    for (const { path, access } of namespaces.found) {
      const audience: TokenAudience = access === 'admin' ? 'admin' : 'user';
      for (const [kind, token] of Object.entries(bad[audience])) {
        const refusal = await clients.open(`${server.url}${path}`, { token }).then(
          () => null,
          (err: Error & { data?: { error?: string } }) => err,
        );
        expect(refusal, `${path} ${kind}`).not.toBeNull();
        expect(refusal?.data?.error, `${path} ${kind}`).toBe('token_invalid');
        expect(isAnyCatalogueError('zh-CN', refusal?.message ?? ''), `${path} ${kind}`).toBe(true);
      }
    }
  });
});
