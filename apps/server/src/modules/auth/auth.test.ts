import { endpoints, SMS_MAX_ATTEMPTS, SMS_RESEND_SECONDS, translateMessage } from '@sfm/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  call,
  createTestApp,
  expectError,
  expectOk,
  registerWithCode,
  type TestApp,
} from '../../../test/harness/app-harness.ts';
import { REFRESH_REUSE_GRACE_MS } from './service.ts';

let t: TestApp;
let phoneSeq = 0;
/** A phone no other test uses, so tests do not share accounts or rate-limit counters. */
const newPhone = () => `139${String(10_000_000 + ++phoneSeq).slice(-8)}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function register(phone = newPhone(), password = 'password123') {
  return expectOk(endpoints.register, await registerWithCode(t, { phone, password }));
}

/** A code sent to the phone, as its owner reads it off the SMS (the resend wait is waited out). */
async function codeFor(phone: string): Promise<string> {
  t.clock.advance(SMS_RESEND_SECONDS);
  expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
  return t.sms.lastCode(phone);
}

describe('register', () => {
  it('proves the phone with a code, then creates the account and returns a session', async () => {
    const phone = newPhone();
    const res = await registerWithCode(t, { phone, password: 'password123', nickname: '小明' });
    const session = expectOk(endpoints.register, res);
    expect(session.user).toMatchObject({ phone, nickname: '小明', userType: null, speechRate: 1 });
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('creates nothing without the right code', async () => {
    const phone = newPhone();
    expectError(
      await call(t.app, endpoints.register, { phone, code: '123456', password: 'password123' }),
      401,
      'sms_code_invalid',
    );
    await codeFor(phone);
    const wrong = t.sms.lastCode(phone) === '000000' ? '111111' : '000000';
    const res = await call(t.app, endpoints.register, { phone, code: wrong, password: 'password123' });
    expectError(res, 401, 'sms_code_invalid', '验证码错误或已过期');
    expect(res.body.data).toEqual({ error: 'sms_code_invalid', field: 'code' });
    expectError(await call(t.app, endpoints.login, { phone, password: 'password123' }), 401, 'login_failed');
  });

  it('answers a registered phone as a new one: the code proved the owner, whose password is replaced', async () => {
    const first = await register();
    const phone = first.user.phone ?? '';
    const again = expectOk(
      endpoints.register,
      await call(t.app, endpoints.register, { phone, code: await codeFor(phone), password: 'password456' }),
    );
    expect(again.user.id).toBe(first.user.id);
    expectError(await call(t.app, endpoints.login, { phone, password: 'password123' }), 401, 'login_failed');
    expectOk(endpoints.login, await call(t.app, endpoints.login, { phone, password: 'password456' }));
    // the earlier sessions ended
    expectError(await call(t.app, endpoints.me, undefined, auth(first.token)), 401, 'token_invalid');
  });

  it('explains a bad phone in Chinese, or English when asked', async () => {
    const res = await call(t.app, endpoints.register, {
      phone: '12345',
      code: '123456',
      password: 'password123',
    });
    expectError(res, 400, 'phone_invalid', '请输入有效的 11 位手机号');
    expect(res.body.data).toEqual({ error: 'phone_invalid', field: 'phone' });
    const en = await t.app.inject({
      method: 'POST',
      url: endpoints.register.path,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { phone: '12345', code: '123456', password: 'password123' },
    });
    expect(en.json().message).toBe(translateMessage('errors.phone_invalid', 'en'));
  });

  it('refuses a short password and unknown fields', async () => {
    expectError(
      await call(t.app, endpoints.register, { phone: newPhone(), code: '123456', password: 'short' }),
      400,
      'password_too_short',
      '密码至少 8 位',
    );
    const res = await call(t.app, endpoints.register, {
      phone: newPhone(),
      code: '123456',
      password: 'password123',
      admin: true,
    });
    expectError(res, 400, 'unknown_field');
    expect(res.body.data).toMatchObject({ field: 'admin' });
  });

  it('names a missing field instead of answering with zod jargon', async () => {
    const res = await call(t.app, endpoints.register, { phone: newPhone(), code: '123456' } as never);
    expectError(res, 400, 'field_required', '缺少必填项：password');
    expect(res.body.data).toEqual({ error: 'field_required', field: 'password' });
  });
});

describe('password reset and change', () => {
  it('resets a forgotten password by a code: logged in, the old password and every other session gone', async () => {
    const first = await register();
    const phone = first.user.phone ?? '';
    const reset = expectOk(
      endpoints.passwordReset,
      await call(t.app, endpoints.passwordReset, {
        phone,
        code: await codeFor(phone),
        newPassword: 'new-password-1',
      }),
    );
    expect(reset.user.id).toBe(first.user.id);
    expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(reset.token)));
    expectError(await call(t.app, endpoints.me, undefined, auth(first.token)), 401, 'token_invalid');
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: first.refreshToken }),
      401,
      'refresh_token_invalid',
    );
    expectError(await call(t.app, endpoints.login, { phone, password: 'password123' }), 401, 'login_failed');
    expectOk(endpoints.login, await call(t.app, endpoints.login, { phone, password: 'new-password-1' }));
  });

  it('changes the password with the current one; this device goes on with the new session, others end', async () => {
    const phone = newPhone();
    const here = await register(phone);
    const elsewhere = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone, password: 'password123' }),
    );
    const wrong = await call(
      t.app,
      endpoints.changePassword,
      { currentPassword: 'not-the-password', newPassword: 'new-password-1' },
      auth(here.token),
    );
    expectError(wrong, 400, 'password_wrong', '当前密码不正确');
    expect(wrong.body.data).toEqual({ error: 'password_wrong', field: 'currentPassword' });
    const changed = expectOk(
      endpoints.changePassword,
      await call(
        t.app,
        endpoints.changePassword,
        { currentPassword: 'password123', newPassword: 'new-password-1' },
        auth(here.token),
      ),
    );
    expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(changed.token)));
    for (const old of [here, elsewhere]) {
      expectError(await call(t.app, endpoints.me, undefined, auth(old.token)), 401, 'token_invalid');
    }
    expectOk(endpoints.login, await call(t.app, endpoints.login, { phone, password: 'new-password-1' }));
  });

  it('changes the password with a code instead (an SMS account has no password to give)', async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    const session = expectOk(endpoints.smsLogin, await call(t.app, endpoints.smsLogin, { phone, code }));
    expectError(
      await call(t.app, endpoints.changePassword, { newPassword: 'new-password-1' }, auth(session.token)),
      400,
      'password_proof_required',
    );
    const changed = expectOk(
      endpoints.changePassword,
      await call(
        t.app,
        endpoints.changePassword,
        { code: await codeFor(phone), newPassword: 'new-password-1' },
        auth(session.token),
      ),
    );
    expect(changed.user.id).toBe(session.user.id);
    expectOk(endpoints.login, await call(t.app, endpoints.login, { phone, password: 'new-password-1' }));
  });

  it('logs out of every device at once', async () => {
    const phone = newPhone();
    const here = await register(phone);
    const elsewhere = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone, password: 'password123' }),
    );
    expect(
      expectOk(endpoints.logoutAll, await call(t.app, endpoints.logoutAll, undefined, auth(here.token))),
    ).toBeNull();
    for (const old of [here, elsewhere]) {
      expectError(await call(t.app, endpoints.me, undefined, auth(old.token)), 401, 'token_invalid');
      expectError(
        await call(t.app, endpoints.refreshToken, { refreshToken: old.refreshToken }),
        401,
        'refresh_token_invalid',
      );
    }
    // the password still works: it is the sessions that ended
    expectOk(endpoints.login, await call(t.app, endpoints.login, { phone, password: 'password123' }));
  });
});

describe('login', () => {
  it('logs in with phone and password', async () => {
    const { user } = await register();
    const session = expectOk(
      endpoints.login,
      await call(t.app, endpoints.login, { phone: user.phone, password: 'password123' }),
    );
    expect(session.user.id).toBe(user.id);
  });

  it('gives the same 401 for a wrong password and an unknown phone', async () => {
    const { user } = await register();
    const wrong = await call(t.app, endpoints.login, { phone: user.phone, password: 'wrong-password' });
    expectError(wrong, 401, 'login_failed', '手机号或密码错误');
    const unknown = await call(t.app, endpoints.login, { phone: newPhone(), password: 'password123' });
    expect(unknown.body).toEqual(wrong.body);
  });
});

describe('sms login', () => {
  it('sends a code, logs in and creates the account on first use', async () => {
    const phone = newPhone();
    const sent = expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
    expect(sent).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 60 });
    const code = t.sms.lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const session = expectOk(endpoints.smsLogin, await call(t.app, endpoints.smsLogin, { phone, code }));
    expect(session.user).toMatchObject({ phone, nickname: null });
    // the code is single-use
    expectError(await call(t.app, endpoints.smsLogin, { phone, code }), 401, 'sms_code_invalid');
  });

  it('logs an existing password account in, which keeps its password (registration proved the phone)', async () => {
    const phone = newPhone();
    const { user } = await register(phone);
    const code = await codeFor(phone);
    const session = expectOk(endpoints.smsLogin, await call(t.app, endpoints.smsLogin, { phone, code }));
    expect(session.user.id).toBe(user.id);
    expectOk(endpoints.login, await call(t.app, endpoints.login, { phone, password: 'password123' }));
  });

  it('makes the caller wait 60 s between sends', async () => {
    const phone = newPhone();
    await call(t.app, endpoints.smsSend, { phone });
    t.clock.advance(20);
    const again = await call(t.app, endpoints.smsSend, { phone });
    expectError(again, 429, 'sms_resend_wait', '验证码已发送，请 40 秒后再获取');
    expect(again.headers['retry-after']).toBe('40');
    t.clock.advance(40);
    expectOk(endpoints.smsSend, await call(t.app, endpoints.smsSend, { phone }));
    expect(t.sms.sent.filter((s) => s.phone === phone)).toHaveLength(2);
  });

  it('expires a code after 5 minutes', async () => {
    const phone = newPhone();
    await call(t.app, endpoints.smsSend, { phone });
    const code = t.sms.lastCode(phone);
    t.clock.advance(301);
    expectError(await call(t.app, endpoints.smsLogin, { phone, code }), 401, 'sms_code_invalid');
  });

  it(`kills a code after ${SMS_MAX_ATTEMPTS} wrong tries`, async () => {
    const phone = newPhone();
    await call(t.app, endpoints.smsSend, { phone });
    const code = t.sms.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < SMS_MAX_ATTEMPTS; i++) {
      expectError(await call(t.app, endpoints.smsLogin, { phone, code: wrong }), 401, 'sms_code_invalid');
    }
    expectError(await call(t.app, endpoints.smsLogin, { phone, code: wrong }), 429, 'sms_too_many_attempts');
    // even the right code is refused now
    expectError(await call(t.app, endpoints.smsLogin, { phone, code }), 429, 'sms_too_many_attempts');
  });

  it('validates the code format', async () => {
    const res = await call(t.app, endpoints.smsLogin, { phone: newPhone(), code: '12ab' });
    expectError(res, 400, 'sms_code_format', '验证码为 6 位数字');
  });
});

describe('verify-token', () => {
  it('is true for a live user token and false otherwise, always with 200', async () => {
    const { token } = await register();
    const ok = expectOk(endpoints.verifyToken, await call(t.app, endpoints.verifyToken, { token }));
    expect(ok).toEqual({ valid: true });
    const bad = expectOk(endpoints.verifyToken, await call(t.app, endpoints.verifyToken, { token: 'x.y.z' }));
    expect(bad).toEqual({ valid: false });
  });

  it('is false once the access token expires', async () => {
    const { token } = await register();
    t.clock.advance(15 * 60 + 1);
    const res = expectOk(endpoints.verifyToken, await call(t.app, endpoints.verifyToken, { token }));
    expect(res.valid).toBe(false);
  });
});

describe('refresh-token', () => {
  it('rotates: the new pair works, the old refresh token is spent', async () => {
    const session = await register();
    const pair = expectOk(
      endpoints.refreshToken,
      await call(t.app, endpoints.refreshToken, { refreshToken: session.refreshToken }),
    );
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(pair.token)));
    expectOk(
      endpoints.refreshToken,
      await call(t.app, endpoints.refreshToken, { refreshToken: pair.refreshToken }),
    );
  });

  it('revokes the whole family when a rotated token is replayed after the reuse grace', async () => {
    const session = await register();
    const first = expectOk(
      endpoints.refreshToken,
      await call(t.app, endpoints.refreshToken, { refreshToken: session.refreshToken }),
    );
    t.clock.advance(REFRESH_REUSE_GRACE_MS / 1000 + 1);
    const replay = await call(t.app, endpoints.refreshToken, { refreshToken: session.refreshToken });
    expectError(replay, 401, 'refresh_token_invalid', '刷新令牌无效或已过期');
    // the legitimate latest token dies with its family
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: first.refreshToken }),
      401,
      'refresh_token_invalid',
    );
  });

  it('rotates a token presented again within the grace (a lost answer, two tabs at once): both pairs work', async () => {
    const session = await register();
    const results = await Promise.all(
      [1, 2].map(() => call(t.app, endpoints.refreshToken, { refreshToken: session.refreshToken })),
    );
    const pairs = results.map((r) => expectOk(endpoints.refreshToken, r));
    t.clock.advance(REFRESH_REUSE_GRACE_MS / 1000 + 1);
    for (const pair of pairs) {
      expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(pair.token)));
      expectOk(
        endpoints.refreshToken,
        await call(t.app, endpoints.refreshToken, { refreshToken: pair.refreshToken }),
      );
    }
  });

  it('refuses an expired or unknown refresh token', async () => {
    const session = await register();
    t.clock.advance(30 * 24 * 3600 + 1);
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: session.refreshToken }),
      401,
      'refresh_token_invalid',
    );
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: 'nope' }),
      401,
      'refresh_token_invalid',
    );
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: '' }),
      400,
      'refresh_token_required',
    );
  });
});

describe('logout', () => {
  it('revokes the family and is idempotent', async () => {
    const session = await register();
    const res = await call(t.app, endpoints.logout, { refreshToken: session.refreshToken });
    expect(expectOk(endpoints.logout, res)).toBeNull();
    expectOk(endpoints.logout, await call(t.app, endpoints.logout, { refreshToken: session.refreshToken }));
    expectOk(endpoints.logout, await call(t.app, endpoints.logout, { refreshToken: 'never-issued' }));
    expectError(
      await call(t.app, endpoints.refreshToken, { refreshToken: session.refreshToken }),
      401,
      'refresh_token_invalid',
    );
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { loginRateLimitPerMinute: 3 } });
  });
  afterAll(() => limited.close());
  afterEach(() => limited.clock.advance(60));

  it('limits attempts per phone, with Retry-After', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: endpoints.login.path,
        payload: { phone, password: 'password123' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await limited.app.inject({
      method: 'POST',
      url: endpoints.login.path,
      payload: { phone, password: 'password123' },
      remoteAddress: '10.0.0.99',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 429, data: { error: 'rate_limited' } });
    expect(res.json().message).toMatch(/^操作太频繁，请 \d+ 秒后再试$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per IP across phones, and frees them in the next window', async () => {
    const attempt = () => call(limited.app, endpoints.login, { phone: newPhone(), password: 'password123' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    expectError(await attempt(), 429, 'rate_limited');
    limited.clock.advance(60);
    expect((await attempt()).status).toBe(401);
  });

  it('covers sms send and sms login too', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      await call(limited.app, endpoints.smsLogin, { phone, code: '000000' });
    }
    expectError(await call(limited.app, endpoints.smsLogin, { phone, code: '000000' }), 429, 'rate_limited');
  });
});
