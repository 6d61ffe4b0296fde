import { z } from 'zod';

/** Identity headers of spec §6 (HTTP header names are case-insensitive; these are the wire spellings). */
export const IdentityHeader = {
  token: 'token',
  userType: 'userType',
  deviceId: 'deviceId',
  authorization: 'Authorization',
} as const;

export const IdentityKind = z.enum(['registered', 'temporary']);
export type IdentityKind = z.infer<typeof IdentityKind>;

/** A device id: uuid-ish + suffix, or device_{time}_{random}; anything printable up to 128 chars. */
export const DeviceId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { error: 'errors.device_id_invalid' });
