import { DEVICE_ID_PATTERN } from '@sfm/protocol';
import { platform } from '../platform/index.ts';
import { readStoredKey, StorageKey } from './storage-keys.ts';

/** Cookie lifetime of spec §9: 720 hours. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 720 * 3600;
const DEVICE_SUFFIX_LENGTH = 10;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function fnv1a(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A 10-character [A-Za-z0-9] fingerprint of user agent, screen size and time zone. */
export function deviceSuffix(userAgent: string, screenSize: string, timeZone: string): string {
  const source = `${userAgent}|${screenSize}|${timeZone}`;
  let n = (BigInt(fnv1a(source, 0)) << 32n) | BigInt(fnv1a(source, 0x9e3779b9));
  let out = '';
  for (let i = 0; i < DEVICE_SUFFIX_LENGTH; i++) {
    out += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // insecure contexts (plain http on a LAN address) have no randomUUID: build a v4 uuid by hand
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The time zone as its offset from UTC (minutes east, e.g. "UTC+480" in China). Not the zone's name
 * from Intl.DateTimeFormat: that loads the browser's locale data, 20–40 ms of a first visit's
 * start-up on a desktop, for a suffix that is only ever generated, never checked.
 */
function timeZone(): string {
  const east = -new Date().getTimezoneOffset();
  return `UTC${east >= 0 ? '+' : ''}${east}`;
}

function environmentSuffix(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const size = typeof screen === 'undefined' ? '0x0' : `${screen.width}x${screen.height}`;
  return deviceSuffix(ua, size, timeZone());
}

/** uuid (36 chars) immediately followed by the 10-character suffix: 46 chars, passes protocol `DeviceId`. */
export function generateDeviceId(): string {
  return `${randomUuid()}${environmentSuffix()}`;
}

export function deviceCookie(id: string, secure = globalThis.location?.protocol === 'https:'): string {
  // over HTTPS the cookie never travels over plain HTTP (a LAN install without TLS still gets one)
  return `${StorageKey.deviceId}=${encodeURIComponent(id)}; max-age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; SameSite=Strict; path=/${secure ? '; Secure' : ''}`;
}

/**
 * The device id: from storage, or generated and stored; always (re)written to the cookie.
 *
 * Spec §3 has a second form, device_{time}_{random}, used as the `deviceId` preference. One stored
 * there (or under device_id) is kept as this device's id: the server already knows the device by it
 * (its points, its limits). The app never makes one: a device has one id, the same in the HTTP
 * header, the speech sockets' auth and the cookie, where a second form would make the sockets a
 * different temporary device from the requests.
 */
export function ensureDeviceId(): string {
  const stored = readStoredKey(platform.storage, StorageKey.deviceId);
  // the protocol's DeviceId schema is this pattern after a trim: checked without zod at start
  const id = stored && DEVICE_ID_PATTERN.test(stored.trim()) ? stored : generateDeviceId();
  if (id !== stored) platform.storage.set(StorageKey.deviceId, id);
  platform.writeCookie(deviceCookie(id));
  return id;
}

let cached: string | null = null;

/** The device id for request headers (memoised; refreshed if storage lost it). */
export function getDeviceId(): string {
  if (cached && platform.storage.get(StorageKey.deviceId) === cached) return cached;
  cached = ensureDeviceId();
  return cached;
}
