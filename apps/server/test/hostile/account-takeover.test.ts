import { endpoints } from '@sfm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher, TEST_ARGON2 } from '../../src/security/password-hasher.ts';
import { UsersRepo } from '../../src/modules/users/repo.ts';
import { auth, call, createTestApp, expectError, expectOk, type TestApp } from '../harness/app-harness.ts';

/**
 * Security review, finding 1: registration asked for no SMS code, so an attacker could make the
 * account of a phone they do not own, with a password they know; the owner's later SMS login landed
 * in that account, and the attacker read what the owner put there. Registration now proves the
 * phone first, and an account registered the old way loses its password and every session at its
 * owner's first code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = 'attacker-knows-1';
let phoneSeq = 0;
const newPhone = () => `134${String(10_000_000 + ++phoneSeq).slice(-8)}`;

async function ownerSmsLogin(phone: string) {
  t.clock.advance(60);
  expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
  const code = t.sms.lastCode(phone);
  return expectOk(endpoints.smsLogin, await call(t.app, endpoints.smsLogin, { phone, code }));
}

describe('account pre-takeover', () => {
  it('makes no account for a phone the caller did not prove: no code, a guessed code', async () => {
    const phone = newPhone();
    const noCode = await call(t.app, endpoints.register, { phone, password: ATTACKER_PASSWORD } as never);
    expectError(noCode, 400, 'field_required');
    expect(noCode.body.data).toMatchObject({ field: 'code' });
    const guessed = await call(t.app, endpoints.register, {
      phone,
      code: '000000',
      password: ATTACKER_PASSWORD,
    });
    expectError(guessed, 401, 'sms_code_invalid');
    expect(await new UsersRepo(t.database.db).findByPhone(phone)).toBeNull();

    // the owner's SMS login makes a fresh account the attacker cannot open
    await ownerSmsLogin(phone);
    expectError(
      await call(t.app, endpoints.login, { phone, password: ATTACKER_PASSWORD }),
      401,
      'login_failed',
    );
  });

  it('an account registered the old way (phone never proven) loses its password and sessions at the owner’s first code', async () => {
    const phone = newPhone();
    // as the old registration left it: the attacker's password, the phone never proven
    const planted = await new UsersRepo(t.database.db).create({
      phone,
      passwordHash: await new PasswordHasher(TEST_ARGON2).hash(ATTACKER_PASSWORD),
    });
    const attacker = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone, password: ATTACKER_PASSWORD }),
    );

    const owner = await ownerSmsLogin(phone);
    expect(owner.user.id).toBe(planted?.id);
    expectOk(
      endpoints.updateMe,
      await call(t.app, endpoints.updateMe, { nickname: '妈妈' }, auth(owner.token)),
    );

    // the attacker's session and password are gone: nothing of the owner's can be read
    expectError(await call(t.app, endpoints.me, undefined, auth(attacker.token)), 401, 'token_invalid');
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: attacker.refreshToken }),
      401,
      'refresh_token_invalid',
    );
    expectError(
      await call(t.app, endpoints.login, { phone, password: ATTACKER_PASSWORD }),
      401,
      'login_failed',
    );
    // the owner's own session goes on, and a second code changes nothing more
    expect(
      expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(owner.token))).nickname,
    ).toBe('妈妈');
    const again = await ownerSmsLogin(phone);
    expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(owner.token)));
    expect(again.user.id).toBe(owner.user.id);
  });

  it('does not tell which phones are registered: the code request and the registration answer alike', async () => {
    const registered = newPhone();
    await ownerSmsLogin(registered);
    const fresh = newPhone();
    t.clock.advance(60);
    const answers = await Promise.all(
      [registered, fresh].map((phone) => call(t.app, endpoints.smsSend, { phone })),
    );
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    const sessions = await Promise.all(
      [registered, fresh].map(async (phone) =>
        call(t.app, endpoints.register, { phone, code: t.sms.lastCode(phone), password: 'own-password-1' }),
      ),
    );
    for (const res of sessions) expectOk(endpoints.register, res);
    expect(Object.keys(sessions[0]?.body.data ?? {})).toEqual(Object.keys(sessions[1]?.body.data ?? {}));
  });
});
