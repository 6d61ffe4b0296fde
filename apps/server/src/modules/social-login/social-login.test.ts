import { accountEndpoints, DELETE_ACCOUNT_CONFIRMATION } from '@sfm/protocol/account';
import { endpoints } from '@sfm/protocol/gathered';
import { socialLoginEndpoints as social } from '@sfm/protocol/social-login';
import { adminEndpoints } from '@sfm/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialLoginConfigOrThrow } from '../../config/social-login-config.ts';
import { signedInAdmin } from '../../../test/harness/admin-harness.ts';
import {
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import {
  followToCallback,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../test/fakes/oidc-provider.ts';

const REDIRECT_URI = 'http://127.0.0.1:9/auth/callback';

let t: TestApp;
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
  t = await createTestApp({
    config: {
      socialLogin: socialLoginConfigOrThrow({
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_LABEL: '测试账号',
        OIDC_REDIRECT_URI: REDIRECT_URI,
      }),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const start = async (redirect?: string) =>
  expectOk(social.socialLoginStart, await call(t.app, social.socialLoginStart, redirect ? { redirect } : {}));
const finish = (transaction: string, callbackQuery: string) =>
  call(t.app, social.socialLoginFinish, { transaction, callbackQuery });

/** A whole login as `sub`: start, the provider's pages, the callback. */
async function logIn(sub: string, name?: string) {
  provider.login = { sub, ...(name && { name }) };
  const started = await start('/points-logs?tab=all');
  const query = await followToCallback(started.authorizationUrl, REDIRECT_URI);
  return expectOk(social.socialLoginFinish, await finish(started.transaction, query));
}

describe('social login through a real OpenID Connect provider', () => {
  it('tells the login page the provider is configured, and its label', async () => {
    expect(expectOk(social.socialLoginInfo, await call(t.app, social.socialLoginInfo))).toEqual({
      provider: { label: '测试账号' },
    });
  });

  it('asks the provider with PKCE (S256), state and nonce', async () => {
    const url = new URL((await start()).authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    // 32 random bytes each, base64url: a SHA-256 challenge, and state and nonce no one can guess
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(name), name).toMatch(/^[\w-]{43}$/);
    }
    expect(url.searchParams.get('state')).not.toBe(url.searchParams.get('nonce'));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
  });

  it('makes an account without a phone at the first login, follows the saved redirect, and logs the same identity into it again', async () => {
    const first = await logIn('alice', '爱丽丝');
    expect(first).toMatchObject({ created: true, redirect: '/points-logs?tab=all' });
    expect(first.user).toMatchObject({ phone: null, nickname: '爱丽丝', userType: null });
    const me = expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(first.token)));
    expect(me.id).toBe(first.user.id);

    const second = await logIn('alice');
    expect(second).toMatchObject({ created: false, user: { id: first.user.id } });
    // the tokens are the normal pair: the refresh token rotates
    expectOk(
      endpoints.refreshToken,
      await call(t.app, endpoints.refreshToken, { refreshToken: second.refreshToken }),
    );

    const other = await logIn('bob');
    expect(other.user.id).not.toBe(first.user.id);
  });

  it('gives the verification reward once per person, not once per login', async () => {
    const session = await logIn('carol');
    await logIn('carol');
    const logs = expectOk(
      endpoints.pointsLogs,
      await call(t.app, endpoints.pointsLogs, { type: 'auth' }, auth(session.token)),
    );
    expect(logs.logs).toHaveLength(1);
    expect(logs.logs[0]).toMatchObject({ scene: 'verification_reward', remark: '账号验证奖励' });
  });

  it('exports the identity with the data, and a deleted account frees it for a new one', async () => {
    const session = await logIn('heidi');
    const data = expectOk(
      accountEndpoints.exportMyData,
      await call(t.app, accountEndpoints.exportMyData, undefined, auth(session.token)),
    );
    expect(data.profile.phone).toBeNull();
    expect(data.identities).toMatchObject([{ provider: provider.issuer, subject: 'heidi' }]);
    expectOk(
      accountEndpoints.deleteMyAccount,
      await call(
        t.app,
        accountEndpoints.deleteMyAccount,
        { confirm: DELETE_ACCOUNT_CONFIRMATION },
        auth(session.token),
      ),
    );
    const fresh = await logIn('heidi');
    expect(fresh.created).toBe(true);
    expect(fresh.user.id).not.toBe(session.user.id);
  });

  it('shows the back office a dash for an account without a phone', async () => {
    const session = await logIn('ivan', 'Ivan');
    const admin = await signedInAdmin(t, 'operator');
    const page = expectOk(
      adminEndpoints.users,
      await call(t.app, adminEndpoints.users, { search: 'Ivan' }, admin.headers),
    );
    expect(page.items).toMatchObject([{ id: session.user.id, phoneMasked: '—' }]);
  });

  it('binds a phone by SMS later: the phone then logs into the same account, and the reward is not given again', async () => {
    const session = await logIn('judy');
    const phone = '13700000001';
    expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
    const bindWith = (code: string, headers = auth(session.token)) =>
      call(t.app, social.bindPhone, { phone, code }, headers);
    expectError(
      await bindWith(t.sms.lastCode(phone) === '000000' ? '111111' : '000000'),
      401,
      'sms_code_invalid',
    );
    const user = expectOk(social.bindPhone, await bindWith(t.sms.lastCode(phone)));
    expect(user).toMatchObject({ id: session.user.id, phone });

    t.clock.advance(61);
    expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
    const bySms = expectOk(
      endpoints.smsLogin,
      await call(t.app, endpoints.smsLogin, { phone, code: t.sms.lastCode(phone) }),
    );
    expect(bySms.user.id).toBe(session.user.id);
    const logs = expectOk(
      endpoints.pointsLogs,
      await call(t.app, endpoints.pointsLogs, { type: 'auth' }, auth(session.token)),
    );
    expect(logs.logs).toHaveLength(1);

    // a second phone cannot replace the first, and a phone of another account cannot be taken
    t.clock.advance(61);
    expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
    expectError(await bindWith(t.sms.lastCode(phone)), 409, 'phone_already_bound');
    const other = await logIn('kim');
    t.clock.advance(61);
    expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
    expectError(await bindWith(t.sms.lastCode(phone), auth(other.token)), 409, 'phone_bound_elsewhere');
  });

  it('refuses a callback whose state is not the one sent, and the transaction is spent', async () => {
    provider.login = { sub: 'dave' };
    const started = await start();
    const query = new URLSearchParams(await followToCallback(started.authorizationUrl, REDIRECT_URI));
    const genuine = `?${query}`;
    query.set('state', 'forged-state');
    expectError(await finish(started.transaction, `?${query}`), 400, 'social_login_failed');
    expectError(await finish(started.transaction, genuine), 400, 'social_login_expired');
  });

  it('refuses a replayed callback, and a replayed code under a new transaction', async () => {
    provider.login = { sub: 'erin' };
    const started = await start();
    const query = await followToCallback(started.authorizationUrl, REDIRECT_URI);
    expectOk(social.socialLoginFinish, await finish(started.transaction, query));
    expectError(await finish(started.transaction, query), 400, 'social_login_expired');

    // the same code, with the state of a fresh login: its PKCE verifier and the spent code both fail
    const again = await start();
    const replayed = new URLSearchParams(query);
    replayed.set('state', new URL(again.authorizationUrl).searchParams.get('state')!);
    expectError(await finish(again.transaction, `?${replayed}`), 400, 'social_login_failed');
  });

  it('refuses an ID token whose nonce is not the one of this login', async () => {
    provider.login = { sub: 'frank' };
    const started = await start();
    const tampered = new URL(started.authorizationUrl);
    tampered.searchParams.set('nonce', 'another-nonce-0123456789');
    const query = await followToCallback(tampered.toString(), REDIRECT_URI);
    expectError(await finish(started.transaction, query), 400, 'social_login_failed');
  });

  it('says so when the person declines at the provider', async () => {
    provider.login = 'deny';
    const started = await start();
    const query = await followToCallback(started.authorizationUrl, REDIRECT_URI);
    expectError(await finish(started.transaction, query), 400, 'social_login_denied', '已取消第三方登录');
  });

  it('refuses an unknown or expired transaction', async () => {
    expectError(await finish('x'.repeat(43), '?code=abc&state=def'), 400, 'social_login_expired');
    provider.login = { sub: 'grace' };
    const started = await start();
    const query = await followToCallback(started.authorizationUrl, REDIRECT_URI);
    t.clock.advance(601);
    expectError(await finish(started.transaction, query), 400, 'social_login_expired');
  });

  it('only saves a redirect inside the app', async () => {
    expectError(
      await call(t.app, social.socialLoginStart, { redirect: '//evil.example/' }),
      400,
      'validation',
    );
  });
});

describe('without a provider', () => {
  it('the login page learns there is none, and a start is refused', async () => {
    const bare = await createTestApp({ database: t.database });
    try {
      expect(expectOk(social.socialLoginInfo, await call(bare.app, social.socialLoginInfo))).toEqual({
        provider: null,
      });
      expectError(await call(bare.app, social.socialLoginStart, {}), 404, 'social_login_unavailable');
    } finally {
      await bare.close();
    }
  });
});
