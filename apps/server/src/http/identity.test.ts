import { describe, expect, it } from 'vitest';
import { TokenService } from '../security/token-service.ts';
import { IdentityResolver } from './identity.ts';

const tokens = new TokenService({
  secret: new TextEncoder().encode('x'.repeat(32)),
  clock: () => new Date(),
  ttlSeconds: { user: 60, admin: 60 },
});
const resolver = new IdentityResolver(tokens);

describe('IdentityResolver', () => {
  it('accepts a user token or a device id for identity endpoints', async () => {
    const token = await tokens.sign('user', 'u1');
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
    const admin = await tokens.sign('admin', 'a1');
    const user = await tokens.sign('user', 'u1');
    expect(await resolver.resolve('admin', { authorization: `Bearer ${admin}` })).toEqual({
      kind: 'admin',
      adminId: 'a1',
    });
    await expect(resolver.resolve('admin', { token: user })).rejects.toMatchObject({
      key: 'errors.token_invalid',
    });
    await expect(resolver.resolve('user', { token: admin })).rejects.toMatchObject({
      key: 'errors.token_invalid',
    });
    expect(await resolver.resolve('public', { token: 'anything' })).toBeNull();
  });
});
