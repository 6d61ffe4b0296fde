import { endpoints } from '@sfm/protocol';
import { adminEndpoints } from '@sfm/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerWithCode,
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { PasswordHasher, TEST_ARGON2 } from '../../security/password-hasher.ts';
import { AdminRepo } from './repo.ts';
import { sql } from 'drizzle-orm';
import { signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';

let t: TestApp;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await new AdminRepo(t.database.db).upsert(
    'root',
    await new PasswordHasher(TEST_ARGON2).hash('admin-pass-1'),
    new Date(),
  );
  const session = await registerWithCode(t, { phone: '13600136000', password: 'password123' });
  userToken = expectOk(endpoints.register, session).token;
});
afterAll(() => t.close());

const adminLogin = (username: string, password: string) =>
  call(t.app, endpoints.adminLogin, { username, password });

describe('admin', () => {
  it('logs in and reads /api/admin/me with the admin token', async () => {
    const { token } = expectOk(endpoints.adminLogin, await adminLogin('root', 'admin-pass-1'));
    const me = expectOk(endpoints.adminMe, await call(t.app, endpoints.adminMe, undefined, auth(token)));
    expect(me).toMatchObject({ username: 'root', role: 'super_admin' });
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

describe('admins (super-admin only)', () => {
  let root: TestAdmin;
  let operator: TestAdmin;
  beforeAll(async () => {
    root = await signedInAdmin(t, 'super_admin');
    operator = await signedInAdmin(t, 'operator');
  });

  const create = (headers: Record<string, string>, body: Record<string, unknown>) =>
    call(t.app, adminEndpoints.createAdmin, body, headers);

  it('refuses a user token (401), no token (401) and an operator (403) on every admins endpoint', async () => {
    const superAdminCalls = [
      [adminEndpoints.admins, undefined],
      [adminEndpoints.createAdmin, { username: 'someone', role: 'operator' }],
      [adminEndpoints.setAdminDisabled, { adminId: root.id, disabled: true }],
      [adminEndpoints.resetAdminPassword, { adminId: root.id }],
    ] as const;
    for (const [endpoint, body] of superAdminCalls) {
      expectError(await call(t.app, endpoint, body, auth(userToken)), 401, 'token_invalid');
      expectError(await call(t.app, endpoint, body), 401, 'unauthorized');
      expectError(
        await call(t.app, endpoint, body, operator.headers),
        403,
        'forbidden',
        '没有权限执行此操作',
      );
    }
  });

  it('creates an operator with a temporary password that logs in, and lists it', async () => {
    const created = expectOk(
      adminEndpoints.createAdmin,
      await create(root.headers, { username: 'bob.ops', role: 'operator' }),
    );
    expect(created.admin).toMatchObject({
      username: 'bob.ops',
      role: 'operator',
      disabled: false,
      lastLoginAt: null,
    });
    expect(created.temporaryPassword).toMatch(/^[A-Za-z2-9]{14}$/);
    const session = expectOk(endpoints.adminLogin, await adminLogin('bob.ops', created.temporaryPassword));
    const me = expectOk(
      endpoints.adminMe,
      await call(t.app, endpoints.adminMe, undefined, auth(session.token)),
    );
    expect(me).toMatchObject({ username: 'bob.ops', role: 'operator', mustChangePassword: true });
    const list = expectOk(
      adminEndpoints.admins,
      await call(t.app, adminEndpoints.admins, undefined, root.headers),
    );
    expect(list.items.find((a) => a.username === 'bob.ops')?.lastLoginAt).not.toBeNull();
  });

  it('opens nothing but the password change to a temporary password, until its owner replaces it', async () => {
    const { temporaryPassword } = expectOk(
      adminEndpoints.createAdmin,
      await create(root.headers, { username: 'dora.ops', role: 'operator' }),
    );
    const { token } = expectOk(endpoints.adminLogin, await adminLogin('dora.ops', temporaryPassword));
    const users = () => call(t.app, adminEndpoints.users, {}, auth(token));
    expectError(await users(), 403, 'admin_password_change_required', '请先修改临时密码');
    const change = (currentPassword: string, newPassword: string) =>
      call(t.app, endpoints.adminChangePassword, { currentPassword, newPassword }, auth(token));
    expectError(await change('not-the-one', 'dora-own-pass'), 400, 'admin_password_wrong', '当前密码不正确');
    expectError(await change(temporaryPassword, temporaryPassword), 400, 'password_unchanged');
    expectError(await change(temporaryPassword, 'short'), 400, 'password_too_short');
    const renewed = expectOk(endpoints.adminChangePassword, await change(temporaryPassword, 'dora-own-pass'));
    // the token the temporary password opened has ended; this page goes on with the new one
    expectError(await users(), 401, 'token_invalid');
    expectOk(adminEndpoints.users, await call(t.app, adminEndpoints.users, {}, auth(renewed.token)));
    const me = expectOk(
      endpoints.adminMe,
      await call(t.app, endpoints.adminMe, undefined, auth(renewed.token)),
    );
    expect(me.mustChangePassword).toBe(false);
    expectError(await adminLogin('dora.ops', temporaryPassword), 401, 'admin_login_failed');
    expectOk(endpoints.adminLogin, await adminLogin('dora.ops', 'dora-own-pass'));
    const { rows } = await t.database.db.execute<{ after: unknown }>(
      sql`select after from audit_log where action = 'admin.change_password' and target_label = 'dora.ops'`,
    );
    expect(rows).toEqual([{ after: { passwordChanged: true } }]);
  });

  it('explains a bad or taken name and an unknown role', async () => {
    expectError(
      await create(root.headers, { username: 'a b', role: 'operator' }),
      400,
      'admin_username_invalid',
    );
    expectError(await create(root.headers, { username: 'carol', role: 'boss' }), 400, 'admin_role_invalid');
    expectError(
      await create(root.headers, { username: root.username, role: 'operator' }),
      409,
      'admin_username_taken',
      '该用户名已被使用',
    );
  });

  it('disables an admin at once (login and a live token refused), enables it again', async () => {
    const victim = await signedInAdmin(t, 'operator');
    const disable = (disabled: boolean) =>
      call(t.app, adminEndpoints.setAdminDisabled, { adminId: victim.id, disabled }, root.headers);
    expect(expectOk(adminEndpoints.setAdminDisabled, await disable(true)).disabled).toBe(true);
    expectError(
      await call(t.app, endpoints.adminMe, undefined, victim.headers),
      401,
      'admin_disabled',
      '该管理员账号已停用',
    );
    expectError(await adminLogin(victim.username, victim.password), 403, 'admin_disabled');
    // a wrong password still says only "wrong name or password"
    expectError(await adminLogin(victim.username, 'wrong-pass-1'), 401, 'admin_login_failed');
    expect(expectOk(adminEndpoints.setAdminDisabled, await disable(false)).disabled).toBe(false);
    // enabled again, the admin logs in afresh: the tokens held when disabled stay ended
    expectError(await call(t.app, endpoints.adminMe, undefined, victim.headers), 401, 'token_invalid');
    const { token } = expectOk(endpoints.adminLogin, await adminLogin(victim.username, victim.password));
    expectOk(endpoints.adminMe, await call(t.app, endpoints.adminMe, undefined, auth(token)));
  });

  it('never lets a super-admin disable themselves', async () => {
    const res = await call(
      t.app,
      adminEndpoints.setAdminDisabled,
      { adminId: root.id, disabled: true },
      root.headers,
    );
    expectError(res, 400, 'admin_self_change');
  });

  it('resets a password: the old one stops working, the temporary one works', async () => {
    const other = await signedInAdmin(t, 'operator');
    const { temporaryPassword } = expectOk(
      adminEndpoints.resetAdminPassword,
      await call(t.app, adminEndpoints.resetAdminPassword, { adminId: other.id }, root.headers),
    );
    expectError(await adminLogin(other.username, other.password), 401, 'admin_login_failed');
    const session = expectOk(endpoints.adminLogin, await adminLogin(other.username, temporaryPassword));
    const me = expectOk(
      endpoints.adminMe,
      await call(t.app, endpoints.adminMe, undefined, auth(session.token)),
    );
    expect(me.mustChangePassword).toBe(true);
    expectError(
      await call(
        t.app,
        adminEndpoints.resetAdminPassword,
        { adminId: '00000000-0000-4000-8000-000000000000' },
        root.headers,
      ),
      404,
      'admin_not_found',
    );
  });
});

describe('audit log', () => {
  let root: TestAdmin;
  let operator: TestAdmin;
  beforeAll(async () => {
    root = await signedInAdmin(t, 'super_admin');
    operator = await signedInAdmin(t, 'operator');
  });

  const audit = (query: Record<string, string>, headers = operator.headers) =>
    call(t.app, adminEndpoints.audit, query, headers);

  it('records every admin change with who, what, target, before/after, time and client IP', async () => {
    const created = expectOk(
      adminEndpoints.createAdmin,
      await t.app
        .inject({
          method: 'POST',
          url: adminEndpoints.createAdmin.path,
          headers: root.headers,
          payload: { username: 'audited', role: 'operator' },
          remoteAddress: '203.0.113.7',
        })
        .then((res) => ({ status: res.statusCode, headers: res.headers, body: res.json() })),
    );
    await call(
      t.app,
      adminEndpoints.setAdminDisabled,
      { adminId: created.admin.id, disabled: true },
      root.headers,
    );
    // operators read the log too
    const page = expectOk(
      adminEndpoints.audit,
      await audit({ targetType: 'admin', targetId: created.admin.id }),
    );
    expect(page.total).toBe(2);
    expect(page.items.map((e) => e.action)).toEqual(['admin.disable', 'admin.create']);
    expect(page.items[1]).toMatchObject({
      adminId: root.id,
      adminUsername: root.username,
      targetLabel: 'audited',
      before: null,
      ip: '203.0.113.7',
    });
    // before and after travel as JSON text
    const json = (text: string | null | undefined) => JSON.parse(text ?? 'null') as unknown;
    expect(json(page.items[1]?.after)).toEqual({ username: 'audited', role: 'operator' });
    expect(json(page.items[0]?.before)).toEqual({ disabled: false });
    expect(json(page.items[0]?.after)).toEqual({ disabled: true });
    expect(JSON.stringify(page)).not.toMatch(/argon2|passwordHash/);
  });

  it('filters by action, admin and day, and pages', async () => {
    const mine = expectOk(
      adminEndpoints.audit,
      await audit({ adminId: root.id, action: 'admin.create', pageSize: '1' }),
    );
    expect(mine.items).toHaveLength(1);
    expect(mine.total).toBeGreaterThanOrEqual(1);
    expect(mine.items.every((e) => e.action === 'admin.create' && e.adminId === root.id)).toBe(true);
    const none = expectOk(adminEndpoints.audit, await audit({ adminId: operator.id }));
    expect(none.total).toBe(0);
    const past = expectOk(adminEndpoints.audit, await audit({ from: '2000-01-01', to: '2000-01-31' }));
    expect(past.total).toBe(0);
    const admins = expectOk(
      adminEndpoints.auditAdmins,
      await call(t.app, adminEndpoints.auditAdmins, undefined, operator.headers),
    );
    expect(admins.items.map((a) => a.username)).toContain(root.username);
  });

  it('answers a bad filter with the catalogue message', async () => {
    expectError(await audit({ action: 'user.delete' }), 400, 'audit_action_invalid', '不支持的操作类型');
    expectError(await audit({ page: '0' }), 400, 'page_invalid', '页码须为正整数');
    expectError(await audit({ from: '2025-02-30' }), 400, 'date_invalid');
    expectError(await audit({ color: 'red' }), 400, 'unknown_field');
    expectError(await call(t.app, adminEndpoints.audit, {}, auth(userToken)), 401, 'token_invalid');
  });

  it('is append-only in the database itself', async () => {
    await expect(t.database.db.execute(sql`update audit_log set ip = 'x'`)).rejects.toMatchObject({
      cause: { message: 'audit_log is append-only' },
    });
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
