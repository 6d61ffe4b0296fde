import { describe, expect, it } from 'vitest';
import { BROWSER_PUSH_SERVICES } from '../../config/calls-config.ts';
import { isPushServiceEndpoint, mayPostTo } from './push-services.ts';

const services = [...BROWSER_PUSH_SERVICES, 'http://push-relay.internal'];
const at = (addresses: string[]) => () => Promise.resolve(addresses);

describe('where a ring may be posted', () => {
  it("keeps the browsers' push services, https only, the host or a subdomain", () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
    ])
      expect(isPushServiceEndpoint(ok, services), ok).toBe(true);
    for (const refused of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://user:pass@fcm.googleapis.com/x',
      'http://127.0.0.1:39999/internal/admin/do-something?x=1',
      'https://169.254.169.254/latest/meta-data',
      'not a url',
    ])
      expect(isPushServiceEndpoint(refused, services), refused).toBe(false);
  });

  it('posts only where the name resolves to public addresses, checked at each send', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(await mayPostTo(endpoint, services, at(['142.250.72.10']))).toBe(true);
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.9',
      '169.254.169.254',
      '::1',
      'fd00::5',
      '::ffff:10.0.0.1',
    ])
      expect(await mayPostTo(endpoint, services, at(['142.250.72.10', inside])), inside).toBe(false);
    expect(await mayPostTo(endpoint, services, at([]))).toBe(false);
    expect(await mayPostTo('https://example.com/x', services, at(['93.184.216.34']))).toBe(false);
  });

  it('an origin named exactly is allowed on any port, without the address check', async () => {
    expect(await mayPostTo('http://push-relay.internal:8080/ring/1', services, at(['10.0.0.7']))).toBe(true);
    expect(isPushServiceEndpoint('https://push-relay.internal/ring/1', services)).toBe(false);
  });
});
