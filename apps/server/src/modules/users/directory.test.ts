import { endpoints } from '@sfm/protocol';
import { adminEndpoints } from '@sfm/protocol/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, signedInAdmin, type TestAdmin } from '../../../test/harness/admin-harness.ts';
import {
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { AnalysesRepo } from '../vision/analyses-repo.ts';

let t: TestApp;
let operator: TestAdmin;
let people: Awaited<ReturnType<typeof registeredUser>>[];

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInAdmin(t, 'operator');
  people = [];
  for (const nickname of ['阿明', 'Alice', '小红', undefined]) {
    people.push(await registeredUser(t, nickname));
    t.clock.advance(60); // distinct registration times
  }
  const [ming, alice] = people;
  await call(t.app, endpoints.updateMe, { userType: 0 }, ming!.headers);
  await call(t.app, endpoints.updateMe, { userType: 1 }, alice!.headers);
  const analyses = new AnalysesRepo(t.database.db);
  for (let i = 0; i < 3; i++) {
    await analyses.insert({
      userId: alice!.user.id,
      scenario: 'reading',
      engine: 'fake',
      durationMs: 100 + i,
      outcome: 'ok',
    });
  }
  await analyses.insert({
    userId: ming!.user.id,
    scenario: 'observe',
    engine: 'fake',
    durationMs: 90,
    outcome: 'failed',
  });
});
afterAll(() => t.close());

const list = (query: Record<string, string>, headers = operator.headers) =>
  call(t.app, adminEndpoints.users, query, headers);

describe('users list', () => {
  it('pages, newest first by default, with masked phones, roles and analyses counts', async () => {
    const first = expectOk(adminEndpoints.users, await list({ pageSize: '2' }));
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(2);
    expect(first.items[0]?.id).toBe(people[3]?.user.id);
    const second = expectOk(adminEndpoints.users, await list({ pageSize: '2', page: '2' }));
    expect(second.items.map((u) => u.id)).toEqual([people[1]?.user.id, people[0]?.user.id]);
    const alice = second.items[0]!;
    expect(alice).toMatchObject({ nickname: 'Alice', userType: 1, analyses: 3, status: 'active' });
    expect(alice.phoneMasked).toBe(`${people[1]!.phone.slice(0, 3)}****${people[1]!.phone.slice(7)}`);
    expect(JSON.stringify(first)).not.toContain(people[3]!.phone);
    // a registration's requests count as activity
    expect(alice.lastActiveAt).not.toBeNull();
  });

  it('sorts by analyses or nickname, either way, without overlapping pages', async () => {
    const byAnalyses = expectOk(adminEndpoints.users, await list({ sort: 'analyses', order: 'desc' }));
    expect(byAnalyses.items.map((u) => u.analyses)).toEqual([3, 1, 0, 0]);
    const byName = expectOk(adminEndpoints.users, await list({ sort: 'nickname', order: 'asc' }));
    // users without a nickname come last
    expect(byName.items.at(-1)?.nickname).toBeNull();
  });

  it('finds users by part of the phone or of the nickname, and filters by role', async () => {
    const byPhone = expectOk(adminEndpoints.users, await list({ search: people[2]!.phone.slice(3) }));
    expect(byPhone.items.map((u) => u.id)).toEqual([people[2]!.user.id]);
    const byNickname = expectOk(adminEndpoints.users, await list({ search: 'alic' }));
    expect(byNickname.items.map((u) => u.nickname)).toEqual(['Alice']);
    expect(expectOk(adminEndpoints.users, await list({ search: '%' })).total).toBe(0);
    const volunteers = expectOk(adminEndpoints.users, await list({ role: 'volunteer' }));
    expect(volunteers.items.map((u) => u.nickname)).toEqual(['Alice']);
    const unset = expectOk(adminEndpoints.users, await list({ role: 'unset' }));
    expect(unset.total).toBe(2);
  });

  it('answers a bad query with the catalogue message', async () => {
    expectError(await list({ page: 'x' }), 400, 'page_invalid', '页码须为正整数');
    expectError(await list({ pageSize: '1000' }), 400, 'page_size_invalid', '每页条数须在 1 到 100 之间');
    expectError(await list({ sort: 'phone' }), 400, 'sort_invalid', '不支持的排序方式');
    expectError(await list({ role: 'admin' }), 400, 'role_filter_invalid');
  });

  it('is for admins only', async () => {
    expectError(await list({}, people[0]!.headers), 401, 'token_invalid');
    expectError(await list({}, {}), 401, 'unauthorized');
    expectError(
      await call(t.app, adminEndpoints.user, { id: people[0]!.user.id }, people[0]!.headers),
      401,
      'token_invalid',
    );
  });
});

describe('user detail', () => {
  it('has the profile, the logins and recent analyses', async () => {
    const alice = people[1]!;
    const detail = expectOk(
      adminEndpoints.user,
      await call(t.app, adminEndpoints.user, { id: alice.user.id }, operator.headers),
    );
    expect(detail.user).toMatchObject({ id: alice.user.id, nickname: 'Alice' });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]?.active).toBe(true);
    expect(detail.recentAnalyses.map((a) => a.durationMs)).toHaveLength(3);
    expect(detail.banReason).toBeNull();
    expectError(
      await call(
        t.app,
        adminEndpoints.user,
        { id: '00000000-0000-4000-8000-000000000000' },
        operator.headers,
      ),
      404,
      'user_not_found',
      '用户不存在',
    );
    expectError(
      await call(t.app, adminEndpoints.user, { id: 'nope' }, operator.headers),
      400,
      'user_not_found',
    );
  });
});

describe('ban', () => {
  const ban = (userId: string, reason = '发布违规内容') =>
    call(t.app, adminEndpoints.banUser, { userId, reason }, operator.headers);
  const unban = (userId: string) =>
    call(t.app, adminEndpoints.unbanUser, { userId, reason: '申诉通过' }, operator.headers);

  it('refuses the next request at once, kills refresh, and login says banned; unban restores login', async () => {
    const victim = await registeredUser(t);
    expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, victim.headers));

    const banned = expectOk(adminEndpoints.banUser, await ban(victim.user.id));
    expect(banned.status).toBe('banned');

    // the access token is still valid for minutes, but the account is checked on every request
    expectError(
      await call(t.app, endpoints.me, undefined, victim.headers),
      401,
      'account_banned',
      '该账号已被封禁：发布违规内容',
    );
    const analyze = await call(
      t.app,
      endpoints.visionAnalyze,
      { image: 'AAAA', scenario: 'observe' },
      victim.headers,
    );
    expectError(analyze, 401, 'account_banned');
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: victim.refreshToken }),
      401,
      'refresh_token_invalid',
    );
    expectError(
      await call(t.app, endpoints.login, { phone: victim.phone, password: 'password123' }),
      403,
      'account_banned',
      '该账号已被封禁：发布违规内容',
    );
    await call(t.app, endpoints.smsSend, { phone: victim.phone });
    expectError(
      await call(t.app, endpoints.smsLogin, { phone: victim.phone, code: t.sms.lastCode(victim.phone) }),
      403,
      'account_banned',
    );
    // the wrong password does not reveal the ban
    expectError(
      await call(t.app, endpoints.login, { phone: victim.phone, password: 'wrong-password' }),
      401,
      'login_failed',
    );
    const verified = expectOk(
      endpoints.verifyToken,
      await call(t.app, endpoints.verifyToken, { token: victim.token }),
    );
    expect(verified.valid).toBe(false);

    expect(expectOk(adminEndpoints.unbanUser, await unban(victim.user.id)).status).toBe('active');
    const again = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone: victim.phone, password: 'password123' }),
    );
    expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(again.token)));
  });

  it('shows the ban in the detail and in the audit log, with the reason and the client IP', async () => {
    const victim = await registeredUser(t);
    await ban(victim.user.id, '骚扰志愿者');
    const detail = expectOk(
      adminEndpoints.user,
      await call(t.app, adminEndpoints.user, { id: victim.user.id }, operator.headers),
    );
    expect(detail).toMatchObject({ banReason: '骚扰志愿者', user: { status: 'banned' } });
    expect(detail.sessions.every((s) => !s.active)).toBe(true);
    const audit = expectOk(
      adminEndpoints.audit,
      await call(
        t.app,
        adminEndpoints.audit,
        { targetType: 'user', targetId: victim.user.id },
        operator.headers,
      ),
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      action: 'user.ban',
      adminId: operator.id,
      targetLabel: `${victim.phone.slice(0, 3)}****${victim.phone.slice(7)}`,
      ip: '127.0.0.1',
    });
    expect(JSON.parse(audit.items[0]?.before ?? 'null')).toEqual({ status: 'active', banReason: null });
    expect(JSON.parse(audit.items[0]?.after ?? 'null')).toEqual({
      status: 'banned',
      banReason: '骚扰志愿者',
    });
  });

  it('needs a reason and an existing user', async () => {
    expectError(await ban(people[0]!.user.id, '  '), 400, 'reason_required', '请填写原因');
    expectError(await ban('00000000-0000-4000-8000-000000000000'), 404, 'user_not_found');
    expectError(
      await call(
        t.app,
        adminEndpoints.banUser,
        { userId: people[0]!.user.id, reason: 'x' },
        people[0]!.headers,
      ),
      401,
      'token_invalid',
    );
  });
});

describe('role and nickname', () => {
  it('changes the role and resets the nickname, each audited; the user sees it', async () => {
    const user = await registeredUser(t, '不雅昵称');
    const role = await call(
      t.app,
      adminEndpoints.setUserRole,
      { userId: user.user.id, userType: 1 },
      operator.headers,
    );
    expect(expectOk(adminEndpoints.setUserRole, role).userType).toBe(1);
    const reset = await call(t.app, adminEndpoints.resetNickname, { userId: user.user.id }, operator.headers);
    expect(expectOk(adminEndpoints.resetNickname, reset).nickname).toBeNull();
    const me = expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, user.headers));
    expect(me).toMatchObject({ userType: 1, nickname: null });
    const audit = expectOk(
      adminEndpoints.audit,
      await call(t.app, adminEndpoints.audit, { targetId: user.user.id }, operator.headers),
    );
    const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
    expect(audit.items.map((e) => [e.action, parsed(e.before), parsed(e.after)])).toEqual([
      ['user.reset_nickname', { nickname: '不雅昵称' }, { nickname: null }],
      ['user.set_role', { userType: null }, { userType: 1 }],
    ]);
    expectError(
      await call(t.app, adminEndpoints.setUserRole, { userId: user.user.id, userType: 3 }, operator.headers),
      400,
      'user_type_invalid',
    );
  });
});
