import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { TokenService } from '../security/token-service.ts';
import { IdentityResolver, type AccountChecks } from './identity.ts';

const tokens = new TokenService({
  secret: new TextEncoder().encode('x'.repeat(32)),
  clock: () => new Date(),
  ttlSeconds: { user: 60, admin: 60 },
});
/** u-banned is banned, a-operator is an operator, a-temporary must change its password, every other account may go on. */
const accounts: AccountChecks = {
  admitUser: async (userId) => {
    if (userId === 'u-banned') throw new AppError(401, 'errors.account_banned', { reason: 'spam' });
  },
  admitAdmin: async (adminId) => ({
    role: adminId === 'a-operator' ? 'operator' : 'super_admin',
    mustChangePassword: adminId === 'a-temporary',
  }),
};
const resolver = new IdentityResolver(tokens, accounts);

describe('IdentityResolver', () => {
  it('accepts a user token or a device id for identity endpoints', async () => {
    const token = await tokens.sign('user', 'u1', 0);
    expect(await resolver.resolve('identity', { token, usertype: 'registered' })).toEqual({
      kind: 'user',
      userId: 'u1',
    });
    expect(
      await resolver.resolve('identity', { deviceid: 'device_1700000000_ab12', usertype: 'temporary' }),
    ).toEqual({
      kind: 'device',
      deviceId: 'device_1700000000_ab12',
    });
  });

  it('rejects a bad device id, and a bad token even when a device id is present', async () => {
    await expect(resolver.resolve('identity', { deviceid: 'x' })).rejects.toMatchObject({
      status: 401,
      key: 'errors.device_id_invalid',
    });
    await expect(
      resolver.resolve('identity', { token: 'bad', deviceid: 'device_1700000000_ab12' }),
    ).rejects.toMatchObject({ status: 401, key: 'errors.token_invalid' });
    await expect(resolver.resolve('identity', {})).rejects.toMatchObject({ key: 'errors.unauthorized' });
  });

  it('keeps user and admin audiences apart', async () => {
    const admin = await tokens.sign('admin', 'a1', 0);
    const user = await tokens.sign('user', 'u1', 0);
    expect(await resolver.resolve('admin', { authorization: `Bearer ${admin}` })).toEqual({
      kind: 'admin',
      adminId: 'a1',
      role: 'super_admin',
    });
    await expect(resolver.resolve('admin', { token: user })).rejects.toMatchObject({
      key: 'errors.token_invalid',
    });
    await expect(resolver.resolve('user', { token: admin })).rejects.toMatchObject({
      key: 'errors.token_invalid',
    });
    expect(await resolver.resolve('public', { token: 'anything' })).toBeNull();
  });

  it('asks the account behind a valid user token on every request: a banned one is refused', async () => {
    const banned = await tokens.sign('user', 'u-banned', 0);
    for (const access of ['user', 'identity'] as const) {
      await expect(resolver.resolve(access, { token: banned })).rejects.toMatchObject({
        status: 401,
        key: 'errors.account_banned',
      });
    }
  });

  it('lets an operator into admin endpoints but not into the super-admin ones', async () => {
    const operator = await tokens.sign('admin', 'a-operator', 0);
    const headers = { authorization: `Bearer ${operator}` };
    expect(await resolver.resolve('admin', headers)).toMatchObject({ role: 'operator' });
    await expect(resolver.resolve('super_admin', headers)).rejects.toMatchObject({
      status: 403,
      key: 'errors.forbidden',
    });
    const superAdmin = await tokens.sign('admin', 'a1', 0);
    expect(await resolver.resolve('super_admin', { authorization: `Bearer ${superAdmin}` })).toMatchObject({
      role: 'super_admin',
    });
  });

  it('opens only admin_self endpoints to an admin who must replace a temporary password', async () => {
    const headers = { authorization: `Bearer ${await tokens.sign('admin', 'a-temporary', 0)}` };
    expect(await resolver.resolve('admin_self', headers)).toMatchObject({ adminId: 'a-temporary' });
    for (const access of ['admin', 'super_admin'] as const) {
      await expect(resolver.resolve(access, headers)).rejects.toMatchObject({
        status: 403,
        key: 'errors.admin_password_change_required',
      });
    }
  });
});
