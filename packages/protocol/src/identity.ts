import { z } from 'zod';
import { DEVICE_ID_PATTERN } from './plain.ts';

export { DEVICE_ID_PATTERN, IdentityHeader } from './plain.ts';

export const IdentityKind = z.enum(['registered', 'temporary']);
export type IdentityKind = z.infer<typeof IdentityKind>;

export const DeviceId = z.string().trim().regex(DEVICE_ID_PATTERN, { error: 'errors.device_id_invalid' });
