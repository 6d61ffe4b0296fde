import { z } from 'zod';
import { UUID } from './ids.ts';
import { defineEndpoints } from './endpoint.ts';
import { Platform, UpdateType } from './version.ts';

const VersionId = z
  .string({ error: 'errors.version_not_found' })
  .regex(UUID, { error: 'errors.version_not_found' });

/** The largest build number a client can send (VersionCheckQuery's nine digits). */
const MAX_BUILD = 999_999_999;
const BuildNumber = z
  .number({ error: 'errors.build_number_invalid' })
  .int({ error: 'errors.build_number_invalid' })
  .min(1, { error: 'errors.build_number_invalid' })
  .max(MAX_BUILD, { error: 'errors.build_number_invalid' });

export const VersionName = z
  .string({ error: 'errors.version_name_invalid' })
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4}){1,3}$/, { error: 'errors.version_name_invalid' });

/** Release notes are markdown, shown to users on the download page and in update dialogs. */
export const ReleaseNotes = z
  .string({ error: 'errors.release_notes_too_long' })
  .max(10_000, { error: 'errors.release_notes_too_long' });

/** An external download address (an app store page, a mirror): http(s) only. */
export const DownloadUrl = z
  .string({ error: 'errors.download_url_invalid' })
  .trim()
  .max(2_000, { error: 'errors.download_url_invalid' })
  .regex(/^https?:\/\/[^\s/]+\S*$/i, { error: 'errors.download_url_invalid' });

/** A version as the back office lists it. */
export const AdminVersion = z.object({
  id: z.string(),
  platform: Platform,
  versionName: z.string(),
  buildNumber: z.number().int(),
  updateType: UpdateType,
  releaseNotes: z.string(),
  /** The external address, when the version is not an uploaded APK. */
  downloadUrl: z.string().nullable(),
  /** The uploaded APK, when there is one. */
  apk: z.object({ url: z.string(), bytes: z.number().int() }).nullable(),
  /** Clients below this build must update whatever the update type (null: none). */
  minSupportedBuild: z.number().int().nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminVersion = z.infer<typeof AdminVersion>;

export const AdminVersionsQuery = z.strictObject({ platform: Platform.optional() });
export type AdminVersionsQuery = z.infer<typeof AdminVersionsQuery>;
/** Newest build first. */
export const AdminVersions = z.object({ items: z.array(AdminVersion) });
export type AdminVersions = z.infer<typeof AdminVersions>;

export const AdminVersionCreateRequest = z.strictObject({
  platform: Platform,
  versionName: VersionName,
  buildNumber: BuildNumber,
  updateType: UpdateType,
  releaseNotes: ReleaseNotes.default(''),
  downloadUrl: DownloadUrl.nullable().default(null),
  minSupportedBuild: BuildNumber.nullable().default(null),
});
export type AdminVersionCreateRequest = z.input<typeof AdminVersionCreateRequest>;

/** What may change after creation (the platform and build number name the version: they stay). */
export const AdminVersionUpdateRequest = z.strictObject({
  id: VersionId,
  versionName: VersionName.optional(),
  updateType: UpdateType.optional(),
  releaseNotes: ReleaseNotes.optional(),
  downloadUrl: DownloadUrl.nullable().optional(),
  minSupportedBuild: BuildNumber.nullable().optional(),
});
export type AdminVersionUpdateRequest = z.input<typeof AdminVersionUpdateRequest>;

export const AdminVersionPublishRequest = z.strictObject({
  id: VersionId,
  published: z.boolean({ error: 'errors.validation' }),
});
export type AdminVersionPublishRequest = z.infer<typeof AdminVersionPublishRequest>;

/**
 * The APK upload is the request's raw body (not JSON: an APK is tens of megabytes), sent to this
 * path with `?id=<version id>` and the content type below; it answers the envelope with the version.
 */
export const APK_UPLOAD_PATH = '/api/admin/versions/apk';
export const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';

export const versionAdminEndpoints = defineEndpoints({
  versions: {
    method: 'GET',
    path: '/api/admin/versions',
    access: 'admin',
    query: AdminVersionsQuery,
    data: AdminVersions,
  },
  createVersion: {
    method: 'POST',
    path: '/api/admin/versions',
    access: 'admin',
    body: AdminVersionCreateRequest,
    data: AdminVersion,
  },
  updateVersion: {
    method: 'PATCH',
    path: '/api/admin/versions',
    access: 'admin',
    body: AdminVersionUpdateRequest,
    data: AdminVersion,
  },
  publishVersion: {
    method: 'POST',
    path: '/api/admin/versions/publish',
    access: 'admin',
    body: AdminVersionPublishRequest,
    data: AdminVersion,
  },
});

declare module './admin-endpoints.ts' {
  interface FeatureAdminEndpoints {
    versions: typeof versionAdminEndpoints;
  }
}
