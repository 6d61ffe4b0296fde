import { endpoints } from '@sfm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, call, createTestApp, expectError, expectOk, type TestApp } from '../../test/app-harness.ts';
import { PasswordHasher, TEST_ARGON2 } from '../../security/password-hasher.ts';
import { AdminRepo } from './repo.ts';

let t: TestApp;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await new AdminRepo(t.database.db).upsert(
    'root',
    await new PasswordHasher(TEST_ARGON2).hash('admin-pass-1'),
    new Date(),
  );
  const session = await call(t.app, endpoints.register, { phone: '13600136000', password: 'password123' });
  userToken = expectOk(endpoints.register, session).token;
});
afterAll(() => t.close());

const adminLogin = (username: string, password: string) =>
  call(t.app, endpoints.adminLogin, { username, password });

describe('admin', () => {
  it('logs in and reads /api/admin/me with the admin token', async () => {
    const { token } = expectOk(endpoints.adminLogin, await adminLogin('root', 'admin-pass-1'));
    const me = expectOk(endpoints.adminMe, await call(t.app, endpoints.adminMe, undefined, auth(token)));
    expect(me.username).toBe('root');
  });

  it('refuses a wrong password or unknown admin alike', async () => {
    const wrong = await adminLogin('root', 'nope-nope');
    expectError(wrong, 401, 'admin_login_failed', '用户名或密码错误');
    expect((await adminLogin('ghost', 'admin-pass-1')).body).toEqual(wrong.body);
    expectError(await adminLogin('', 'x'), 400, 'username_required');
  });

  it('never accepts a user token as admin, nor an admin token as user', async () => {
    expectError(await call(t.app, endpoints.adminMe, undefined, auth(userToken)), 401, 'token_invalid');
    expectError(await call(t.app, endpoints.adminMe), 401, 'unauthorized');
    const { token } = expectOk(endpoints.adminLogin, await adminLogin('root', 'admin-pass-1'));
    expectError(await call(t.app, endpoints.me, undefined, auth(token)), 401, 'token_invalid');
    const verified = expectOk(endpoints.verifyToken, await call(t.app, endpoints.verifyToken, { token }));
    expect(verified.valid).toBe(false);
  });
});
