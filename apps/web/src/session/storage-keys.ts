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
