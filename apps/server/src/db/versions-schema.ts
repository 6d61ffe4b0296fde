import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * The app's versions, per platform (h5, android, ios), that the back office creates and publishes
 * and the clients' update checks read (modules/versions). A published version is what clients see;
 * the newest published build of a platform is its latest.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    versionName: text('version_name').notNull(),
    buildNumber: integer('build_number').notNull(),
    updateType: text('update_type').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    // an external address (an app store page, a mirror); an uploaded APK is apk_key instead
    downloadUrl: text('download_url'),
    // the uploaded APK in the image store (DATA_DIR/images or S3), under apks/
    apkKey: text('apk_key'),
    apkBytes: integer('apk_bytes'),
    // clients below this build must update, whatever the update type
    minSupportedBuild: integer('min_supported_build'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('app_versions_platform_check', sql`${t.platform} in ('h5', 'android', 'ios')`),
    check('app_versions_update_type_check', sql`${t.updateType} in ('force', 'optional', 'silent')`),
    unique('app_versions_platform_build_unique').on(t.platform, t.buildNumber),
    // the update check: a platform's published versions, newest build first
    index('app_versions_published_idx')
      .on(t.platform, t.buildNumber)
      .where(sql`${t.publishedAt} is not null`),
  ],
);
