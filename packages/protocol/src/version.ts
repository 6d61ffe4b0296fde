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

/**
 * How a client takes a new version (spec §3/§4): force (it must update before going on), optional
 * (it is offered), silent (the web reloads by itself; a native app offers it like an optional one).
 */
export const UpdateType = z.enum(['force', 'optional', 'silent'], { error: 'errors.update_type_invalid' });
export type UpdateType = z.infer<typeof UpdateType>;

export const VersionCheckResult = z.object({
  hasUpdate: z.boolean(),
  update_type: UpdateType,
  version_name: z.string(),
  update_desc: z.string(),
});
export type VersionCheckResult = z.infer<typeof VersionCheckResult>;

export const AndroidLatest = z.object({
  /** An absolute address, or a path on this server (an uploaded APK): resolve it against the API's origin. */
  download_url: z.string(),
  version_name: z.string(),
  version_code: z.number().int(),
  update_desc: z.string(),
});
export type AndroidLatest = z.infer<typeof AndroidLatest>;

export { DEFAULT_VERSION, FALLBACK_BUILD_NUMBER, RELEASE_NOTES_PATH } from './plain.ts';

/** Where a published version's uploaded APK is downloaded (byte ranges supported). */
export const VERSION_APK_PATH = '/api/version/apk/:id/:file';
export const versionApkPath = (versionId: string, versionName: string): string =>
  `/api/version/apk/${versionId}/see-for-me-${versionName}.apk`;
