import { endpoints } from '@sfm/protocol';
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

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await registerWithCode(t, { phone: '13700137000', password: 'password123' });
  token = expectOk(endpoints.register, res).token;
});
afterAll(() => t.close());

describe('GET /api/users/me', () => {
  it('returns the user for the token header and for Authorization: Bearer', async () => {
    const me = expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(token)));
    expect(me).toMatchObject({ phone: '13700137000', nickname: null, userType: null, speechRate: 1 });
    const bearer = await call(t.app, endpoints.me, undefined, { authorization: `Bearer ${token}` });
    expect(expectOk(endpoints.me, bearer)).toEqual(me);
  });

  it('answers 401 unauthorized without a token and token_invalid with a bad or expired one', async () => {
    expectError(await call(t.app, endpoints.me), 401, 'unauthorized', '请先登录');
    expectError(await call(t.app, endpoints.me, undefined, auth('garbage')), 401, 'token_invalid');
    // a device identity is not a user
    const device = await call(t.app, endpoints.me, undefined, {
      deviceId: 'device_1700000000_abc',
      userType: 'temporary',
    });
    expectError(device, 401, 'unauthorized');
    t.clock.advance(15 * 60 + 1);
    expectError(
      await call(t.app, endpoints.me, undefined, auth(token)),
      401,
      'token_invalid',
      '登录已过期，请重新登录',
    );
    t.clock.advance(-(15 * 60 + 1));
  });
});

describe('PATCH /api/users/me', () => {
  it('updates nickname, userType and speechRate', async () => {
    const res = await call(
      t.app,
      endpoints.updateMe,
      { nickname: ' 小红 ', userType: 1, speechRate: 1.2 },
      auth(token),
    );
    expect(expectOk(endpoints.updateMe, res)).toMatchObject({
      nickname: '小红',
      userType: 1,
      speechRate: 1.2,
    });
    const me = expectOk(endpoints.me, await call(t.app, endpoints.me, undefined, auth(token)));
    expect(me).toMatchObject({ nickname: '小红', userType: 1, speechRate: 1.2 });
  });

  it('rejects bad values with the field named', async () => {
    const rate = await call(t.app, endpoints.updateMe, { speechRate: 9 }, auth(token));
    expectError(rate, 400, 'speech_rate_invalid', '语速须在 0.5 到 3 倍之间');
    expect(rate.body.data).toMatchObject({ field: 'speechRate' });
    expectError(
      await call(t.app, endpoints.updateMe, { userType: 2 }, auth(token)),
      400,
      'user_type_invalid',
    );
    expectError(await call(t.app, endpoints.updateMe, {}, auth(token)), 400, 'nothing_to_update');
  });

  it('checks the token before the body', async () => {
    expectError(await call(t.app, endpoints.updateMe, { userType: 2 }), 401, 'unauthorized');
  });
});
