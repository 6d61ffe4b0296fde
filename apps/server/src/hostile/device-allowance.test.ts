import { endpoints } from '@sfm/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkOf } from '../security/device-allowance.ts';
import { registeredUser } from '../test/admin-harness.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';

/**
 * Security review, finding 5: the free daily allowance of logged-out devices is keyed on a device id
 * the client makes up, and three made-up ids got three allowances. An address (and its network) may
 * now bring only so many devices a day to what costs; a device seen there today goes on as before.
 */
let t: TestApp;
let image: string;
beforeAll(async () => {
  t = await createTestApp({ config: { devicesPerDay: { address: 3, network: 5 } } });
  image = (
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
});
afterAll(() => t.close());

const analyse = async (headers: Record<string, string>, remoteAddress: string, scenario = 'observe') => {
  const res = await t.app.inject({
    method: 'POST',
    url: endpoints.visionAnalyze.path,
    headers,
    remoteAddress,
    // each call its own question: a repeated answer would not be a new analysis
    payload: { image, scenario, prompt: `第${Math.random()}次`, allowUnclearPhoto: true },
  });
  return { status: res.statusCode, error: (res.json() as { data?: { error?: string } }).data?.error };
};
const device = (id: string) => ({ deviceid: id });

describe('logged-out devices per address and network', () => {
  it('admits a few made-up devices from one address a day, refuses the next, keeps those it admitted', async () => {
    for (const id of ['made-up-a', 'made-up-b', 'made-up-c']) {
      expect((await analyse(device(id), '198.51.100.7')).status).toBe(200);
    }
    expect(await analyse(device('made-up-d'), '198.51.100.7')).toEqual({
      status: 429,
      error: 'device_limit_reached',
    });
    // a device admitted today goes on, and a logged-in user is never counted
    expect((await analyse(device('made-up-a'), '198.51.100.7')).status).toBe(200);
    const user = await registeredUser(t);
    expect((await analyse(user.headers, '198.51.100.7')).status).toBe(200);
  });

  it('counts the whole network, so new addresses in it gain nothing; a new day starts afresh', async () => {
    expect((await analyse(device('network-device-a'), '198.51.100.8')).status).toBe(200);
    expect((await analyse(device('network-device-b'), '198.51.100.9')).status).toBe(200);
    // 3 + 2 devices on 198.51.100.0/24 today: the network is full
    expect((await analyse(device('network-device-c'), '198.51.100.10')).error).toBe('device_limit_reached');
    expect((await analyse(device('elsewhere-device'), '203.0.113.5')).status).toBe(200);
    t.clock.advance(24 * 3600);
    expect((await analyse(device('network-device-c'), '198.51.100.10')).status).toBe(200);
  });

  it('names the network of IPv4, IPv4-mapped and IPv6 addresses', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100');
    expect(networkOf('2001:db8:12::1')).toBe('2001:db8:12');
    expect(networkOf('2001:0db8:0012:0001:0000:0000:0000:0001')).toBe('2001:db8:12');
    expect(networkOf('::1')).toBe('0:0:0');
  });
});
