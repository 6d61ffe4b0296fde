import { z } from 'zod';

export const Platform = z.enum(['h5', 'android', 'ios']);
export type Platform = z.infer<typeof Platform>;

export const VersionCheckQuery = z.strictObject({
  platform: Platform,
  current: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, { error: 'errors.build_number_invalid' }),
});
export type VersionCheckQuery = z.infer<typeof VersionCheckQuery>;

export const VersionCheckResult = z.object({
  hasUpdate: z.boolean(),
  update_type: z.enum(['force', 'optional', 'silent']),
  version_name: z.string(),
  update_desc: z.string(),
});
export type VersionCheckResult = z.infer<typeof VersionCheckResult>;

export const AndroidLatest = z.object({
  download_url: z.string(),
  version_name: z.string(),
  version_code: z.number().int(),
  update_desc: z.string(),
});
export type AndroidLatest = z.infer<typeof AndroidLatest>;

/** Built-in fallbacks of spec §9. */
export const DEFAULT_VERSION = { name: '1.0.0', code: 1 } as const;
export const FALLBACK_BUILD_NUMBER = 100;
