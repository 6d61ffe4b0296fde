import { DeviceId } from '@sfm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { platform } from '../platform/index.ts';
import { deviceCookie, deviceSuffix, ensureDeviceId, generateDeviceId } from './device-id.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

describe('device id', () => {
  it('is a uuid followed by a 10-character [A-Za-z0-9] suffix that passes the protocol', () => {
    const id = generateDeviceId();
    expect(id).toMatch(new RegExp(`^${UUID}[A-Za-z0-9]{10}$`));
    expect(DeviceId.safeParse(id).success).toBe(true);
  });

  it('derives the suffix from user agent, screen size and time zone', () => {
    const a = deviceSuffix('UA', '390x844', 'Asia/Shanghai');
    expect(a).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(deviceSuffix('UA', '390x844', 'Asia/Shanghai')).toBe(a);
    expect(deviceSuffix('UA', '1920x1080', 'Asia/Shanghai')).not.toBe(a);
    expect(deviceSuffix('UA', '390x844', 'Europe/Paris')).not.toBe(a);
    expect(deviceSuffix('Other', '390x844', 'Asia/Shanghai')).not.toBe(a);
  });

  it('takes the time zone as its UTC offset, without Intl (whose locale data would load at start)', () => {
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    const offset = vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    const china = generateDeviceId().slice(-10);
    offset.mockReturnValue(60);
    const azores = generateDeviceId().slice(-10);
    expect(china).not.toBe(azores);
    expect(china).toBe(deviceSuffix(navigator.userAgent, `${screen.width}x${screen.height}`, 'UTC+480'));
    expect(intl).not.toHaveBeenCalled();
  });

  it('is stored under device_id and reused', () => {
    const id = ensureDeviceId();
    expect(localStorage.getItem('device_id')).toBe(id);
    expect(ensureDeviceId()).toBe(id);
  });

  it('replaces a stored value that the protocol would reject', () => {
    localStorage.setItem('device_id', 'bad id!');
    const id = ensureDeviceId();
    expect(id).not.toBe('bad id!');
    expect(DeviceId.safeParse(id).success).toBe(true);
  });

  it('writes a cookie: max-age 720 h, SameSite=Strict, path=/', () => {
    const write = vi.spyOn(platform, 'writeCookie');
    const id = ensureDeviceId();
    expect(write).toHaveBeenCalledWith(`device_id=${id}; max-age=2592000; SameSite=Strict; path=/`);
    expect(deviceCookie('abc', false)).toBe('device_id=abc; max-age=2592000; SameSite=Strict; path=/');
    // served over HTTPS, the cookie is Secure (security review: it lacked the flag)
    expect(deviceCookie('abc', true)).toBe('device_id=abc; max-age=2592000; SameSite=Strict; path=/; Secure');
    write.mockRestore();
    ensureDeviceId();
    expect(document.cookie).toContain(`device_id=${id}`);
  });

  it('takes over an id stored under the spec’s deviceId, in its device_{time}_{random} form', () => {
    const specId = 'device_1718000000000_k3j9x2abq';
    localStorage.setItem('deviceId', specId);
    const write = vi.spyOn(platform, 'writeCookie');
    expect(ensureDeviceId()).toBe(specId);
    expect(DeviceId.safeParse(specId).success).toBe(true);
    expect(localStorage.getItem('device_id')).toBe(specId);
    expect(localStorage.getItem('deviceId')).toBeNull();
    expect(write).toHaveBeenCalledWith(deviceCookie(specId));
    // kept on the next start: the server knows this device by it
    expect(ensureDeviceId()).toBe(specId);
  });

  it('keeps its own id over one under deviceId, and never makes the second form itself', () => {
    const own = ensureDeviceId();
    localStorage.setItem('deviceId', 'device_1718000000000_other');
    expect(ensureDeviceId()).toBe(own);
    expect(localStorage.getItem('deviceId')).toBeNull();
    expect(generateDeviceId()).not.toMatch(/^device_/);
  });
});
