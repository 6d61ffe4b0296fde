import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../platform/index.ts';
import { readStoredKey, SPEC_KEY_ALIAS, StorageKey } from './storage-keys.ts';

function memoryStorage(values: Record<string, string> = {}) {
  const map = new Map(Object.entries(values));
  const storage: KeyValueStorage = {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
  return { storage, map };
}

describe('the spec’s preference names as aliases of the app’s keys', () => {
  it('authToken is the token and deviceId the device id (spec §3)', () => {
    expect(SPEC_KEY_ALIAS).toEqual({ token: 'authToken', device_id: 'deviceId' });
  });

  it('finds a value stored under the spec’s name only, and moves it to the app’s key', () => {
    const { storage, map } = memoryStorage({ authToken: 'jwt-old', deviceId: 'device_1700000000000_k3j9x2' });
    expect(readStoredKey(storage, StorageKey.token)).toBe('jwt-old');
    expect(readStoredKey(storage, StorageKey.deviceId)).toBe('device_1700000000000_k3j9x2');
    expect(Object.fromEntries(map)).toEqual({ token: 'jwt-old', device_id: 'device_1700000000000_k3j9x2' });
  });

  it('keeps the app’s own value over the alias, and drops the alias so it cannot come back', () => {
    const { storage, map } = memoryStorage({ token: 'jwt-new', authToken: 'jwt-old' });
    expect(readStoredKey(storage, StorageKey.token)).toBe('jwt-new');
    expect(Object.fromEntries(map)).toEqual({ token: 'jwt-new' });
  });

  it('reads keys without an alias as they are', () => {
    const { storage, map } = memoryStorage({ refreshToken: 'rt' });
    expect(readStoredKey(storage, StorageKey.refreshToken)).toBe('rt');
    expect(readStoredKey(storage, StorageKey.user)).toBeNull();
    expect(Object.fromEntries(map)).toEqual({ refreshToken: 'rt' });
  });
});
