import { endpoints, SPEECH_RECOGNITION_NAMESPACE, SPEECH_SYNTHESIS_NAMESPACE } from '@sfm/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkOf } from '../../src/security/device-allowance.ts';
import { registeredUser } from '../harness/admin-harness.ts';
import { createTestApp, type TestApp } from '../harness/app-harness.ts';
import { startListeningApp, type ListeningApp } from '../harness/listening-app.ts';
import { TestSockets } from '../harness/socket-clients.ts';

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

describe('the speech sockets count logged-out devices with the HTTP routes', () => {
  let server: ListeningApp;
  const sockets = new TestSockets();
  beforeAll(async () => {
    // behind one trusted proxy, as deployed: the address is the one the proxy vouches for
    server = await startListeningApp({}, { devicesPerDay: { address: 2, network: 10 }, trustProxy: 1 });
  });
  afterAll(async () => {
    sockets.closeAll();
    await server.close();
  });
  const open = (namespace: string, deviceId: string, address: string) =>
    sockets.open(`${server.url}${namespace}`, { deviceId }, { 'x-forwarded-for': address });
  const refused = { message: '今天这个网络上未登录使用的设备已达上限，请登录后继续使用' };

  it('refuses a further made-up device at the handshake of speech synthesis and recognition', async () => {
    await open(SPEECH_SYNTHESIS_NAMESPACE, 'socket-device-a', '198.51.100.20');
    await open(SPEECH_RECOGNITION_NAMESPACE, 'socket-device-b', '198.51.100.20');
    await expect(open(SPEECH_SYNTHESIS_NAMESPACE, 'socket-device-c', '198.51.100.20')).rejects.toMatchObject(
      refused,
    );
    await expect(
      open(SPEECH_RECOGNITION_NAMESPACE, 'socket-device-c', '198.51.100.20'),
    ).rejects.toMatchObject(refused);
    // a device admitted today goes on, on either namespace; another address has its own count
    await open(SPEECH_RECOGNITION_NAMESPACE, 'socket-device-a', '198.51.100.20');
    await open(SPEECH_SYNTHESIS_NAMESPACE, 'socket-device-c', '203.0.113.20');
  });

  it('reads the address as HTTP does: a forged header from an untrusted peer counts as the peer', async () => {
    // one trusted hop: the proxy's own X-Forwarded-For entry is used, anything a client added before it is not
    await open(SPEECH_SYNTHESIS_NAMESPACE, 'socket-device-d', '10.9.9.9, 198.51.100.30');
    await open(SPEECH_SYNTHESIS_NAMESPACE, 'socket-device-e', '10.9.9.8, 198.51.100.30');
    await expect(
      open(SPEECH_SYNTHESIS_NAMESPACE, 'socket-device-f', '10.9.9.7, 198.51.100.30'),
    ).rejects.toMatchObject(refused);
  });
});
