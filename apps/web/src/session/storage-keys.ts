import type { KeyValueStorage } from '../platform/index.ts';

/** localStorage keys of spec §3 — exactly these names. */
export const StorageKey = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  speechRate: 'speechRate',
  privacyAccepted: 'privacyAccepted',
  initialized: 'initialized',
  adminToken: 'admin_token',
  deviceId: 'device_id',
} as const;

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/**
 * Spec §3's local preferences name two of these values differently: the token also as `authToken`
 * ("authToken/token") and the device id as `deviceId` (the device id itself lives under device_id).
 * The app writes only its own key; a value under the spec's name is read as an alias.
 */
export const SPEC_KEY_ALIAS: Readonly<Partial<Record<StorageKeyName, string>>> = {
  [StorageKey.token]: 'authToken',
  [StorageKey.deviceId]: 'deviceId',
};

/**
 * Reads `key`; a value only stored under its spec alias is moved to `key` first. The alias is
 * removed either way: left behind, a token under authToken would come back after a logout cleared
 * `token` and sign the user in again, and a second device id could later replace the first.
 */
export function readStoredKey(storage: KeyValueStorage, key: StorageKeyName): string | null {
  const own = storage.get(key);
  const alias = SPEC_KEY_ALIAS[key];
  const aliased = alias === undefined ? null : storage.get(alias);
  if (alias === undefined || aliased === null) return own;
  storage.remove(alias);
  if (own !== null) return own;
  storage.set(key, aliased);
  return aliased;
}
