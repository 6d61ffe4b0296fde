import { endpoints } from '@sfm/protocol';
import { adminEndpoints } from '@sfm/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../../src/modules/auth/service.ts';
import { registeredUser, signedInAdmin } from '../harness/admin-harness.ts';
import { auth, call, createTestApp, expectError, expectOk, type TestApp } from '../harness/app-harness.ts';

/**
 * Security review, finding 8: an access token kept working until it expired after logout, after
 * a replayed refresh token was caught, after a ban and after a password change; admin tokens (8 h)
 * had no logout at all. Each of these now ends the account's token generation: the very next
 * request with an older token is refused, on any node (the account row is read on every request).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => call(t.app, endpoints.me, undefined, auth(token));

describe('user access tokens end with their session', () => {
  it('after logout', async () => {
    const user = await registeredUser(t);
    expectOk(endpoints.logout, await call(t.app, endpoints.logout, { refreshToken: user.refreshToken }));
    expectError(await me(user.token), 401, 'token_invalid');
    expect(
      expectOk(endpoints.verifyToken, await call(t.app, endpoints.verifyToken, { token: user.token })),
    ).toEqual({
      valid: false,
    });
  });

  it('after a replayed refresh token: the thief’s fresh access token too', async () => {
    const user = await registeredUser(t);
    const stolen = expectOk(
      endpoints.refreshToken,
      await call(t.app, endpoints.refreshToken, { refreshToken: user.refreshToken }),
    );
    expectOk(endpoints.me, await me(stolen.token));
    t.clock.advance(REFRESH_REUSE_GRACE_MS / 1000 + 1);
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: user.refreshToken }),
      401,
      'refresh_token_invalid',
    );
    expectError(await me(stolen.token), 401, 'token_invalid');
  });

  it('after a ban, even once the ban is lifted', async () => {
    const user = await registeredUser(t);
    const operator = await signedInAdmin(t, 'operator');
    const reason = { userId: user.user.id, reason: '测试' };
    expectOk(adminEndpoints.banUser, await call(t.app, adminEndpoints.banUser, reason, operator.headers));
    expectError(await me(user.token), 401, 'account_banned');
    expectOk(adminEndpoints.unbanUser, await call(t.app, adminEndpoints.unbanUser, reason, operator.headers));
    expectError(await me(user.token), 401, 'token_invalid');
  });

  it('after a password change, except the session the change returned', async () => {
    const user = await registeredUser(t);
    const other = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone: user.phone, password: 'password123' }),
    );
    const changed = expectOk(
      endpoints.changePassword,
      await call(
        t.app,
        endpoints.changePassword,
        { currentPassword: 'password123', newPassword: 'another-pass-1' },
        user.headers,
      ),
    );
    expectError(await me(user.token), 401, 'token_invalid');
    expectError(await me(other.token), 401, 'token_invalid');
    expectOk(endpoints.me, await me(changed.token));
  });
});

describe('admin tokens end with their session', () => {
  const adminMe = (headers: Record<string, string>) => call(t.app, endpoints.adminMe, undefined, headers);

  it('after the admin logs out', async () => {
    const admin = await signedInAdmin(t, 'operator');
    expectOk(endpoints.adminLogout, await call(t.app, endpoints.adminLogout, undefined, admin.headers));
    expectError(await adminMe(admin.headers), 401, 'token_invalid');
    expectError(await call(t.app, endpoints.adminLogout, undefined, admin.headers), 401, 'token_invalid');
  });

  it('after another admin resets the password, and after a disable is undone', async () => {
    const root = await signedInAdmin(t, 'super_admin');
    for (const change of [
      (adminId: string) => call(t.app, adminEndpoints.resetAdminPassword, { adminId }, root.headers),
      async (adminId: string) => {
        await call(t.app, adminEndpoints.setAdminDisabled, { adminId, disabled: true }, root.headers);
        return call(t.app, adminEndpoints.setAdminDisabled, { adminId, disabled: false }, root.headers);
      },
    ]) {
      const victim = await signedInAdmin(t, 'operator');
      expect((await change(victim.id)).status).toBe(200);
      expectError(await adminMe(victim.headers), 401, 'token_invalid');
    }
  });

  it('after the admin changes their own password, except the token the change returned', async () => {
    const admin = await signedInAdmin(t, 'operator');
    const renewed = expectOk(
      endpoints.adminChangePassword,
      await call(
        t.app,
        endpoints.adminChangePassword,
        { currentPassword: admin.password, newPassword: 'a-new-admin-pass' },
        admin.headers,
      ),
    );
    expectError(await adminMe(admin.headers), 401, 'token_invalid');
    expectOk(endpoints.adminMe, await adminMe({ authorization: `Bearer ${renewed.token}` }));
  });
});
