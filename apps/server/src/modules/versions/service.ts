import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import {
  DEFAULT_VERSION,
  versionApkPath,
  type AndroidLatest,
  type Platform,
  type UpdateType,
  type VersionCheckResult,
} from '@sfm/protocol';
import { type AuditAction } from '@sfm/protocol/admin';
import {
  APK_CONTENT_TYPE,
  type AdminVersion,
  type AdminVersionCreateRequest,
  type AdminVersionUpdateRequest,
} from '@sfm/protocol/versions-admin';
import { AppError } from '../../app-error.ts';
import type { AdminActor, AuditLog } from '../../audit/audit-log.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { isApk } from './apk-file.ts';
import { releaseNotesMarkdown } from './release-notes.ts';
import { VersionsRepo, type VersionChanges, type VersionRow } from './repo.ts';

const notFound = () => new AppError(404, 'errors.version_not_found');

const apkUrl = (row: VersionRow): string | null =>
  row.apkKey ? versionApkPath(row.id, row.versionName) : null;

export function toAdminVersion(row: VersionRow): AdminVersion {
  const url = apkUrl(row);
  return {
    id: row.id,
    platform: row.platform as Platform,
    versionName: row.versionName,
    buildNumber: row.buildNumber,
    updateType: row.updateType as UpdateType,
    releaseNotes: row.releaseNotes,
    downloadUrl: row.downloadUrl,
    apk: url ? { url, bytes: row.apkBytes ?? 0 } : null,
    minSupportedBuild: row.minSupportedBuild,
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a client downloads a version from: its uploaded APK, else its external address. */
const downloadOf = (row: VersionRow): string | null => apkUrl(row) ?? row.downloadUrl;

/**
 * How a client below `current` must take the published versions above it (newest first): forced
 * when it is below the newest one's minimum supported build, or when any version it would skip is
 * itself forced (skipping it must not make it optional); otherwise as the newest one says.
 */
export function updateTypeFor(current: number, newer: readonly VersionRow[]): UpdateType {
  const [latest] = newer;
  if (!latest) return 'optional';
  const belowMinimum = latest.minSupportedBuild !== null && current < latest.minSupportedBuild;
  if (belowMinimum || newer.some((v) => v.updateType === 'force')) return 'force';
  return latest.updateType as UpdateType;
}

export interface ApkDownload {
  bytes: Buffer;
  fileName: string;
}

/** The versions of the app: the clients' update checks and downloads, and the back office's page. */
export class VersionsService {
  private readonly versions: VersionsRepo;

  constructor(
    db: Database,
    private readonly audit: AuditLog,
    private readonly store: ImageStore,
    private readonly clock: Clock,
    private readonly apkMaxBytes: number,
    private readonly defaultDownloads: Config['defaultDownloads'] = { android: undefined, ios: undefined },
  ) {
    this.versions = new VersionsRepo(db);
  }

  /** GET /api/version/check (spec §7). */
  async check(platform: Platform, current: number): Promise<VersionCheckResult> {
    const newer = await this.versions.publishedNewerThan(platform, current);
    const [latest] = newer;
    if (!latest) {
      const installed = await this.versions.latestPublished(platform);
      return {
        hasUpdate: false,
        update_type: 'optional',
        version_name: installed?.versionName ?? DEFAULT_VERSION.name,
        update_desc: '',
      };
    }
    return {
      hasUpdate: true,
      update_type: updateTypeFor(current, newer),
      version_name: latest.versionName,
      update_desc: latest.releaseNotes,
    };
  }

  /**
   * GET /api/version/{android,ios}/latest: a platform's newest published build and where it is
   * downloaded (Android: its APK or address; iOS: its App Store page).
   */
  async latest(platform: 'android' | 'ios'): Promise<AndroidLatest> {
    const latest = await this.versions.latestPublished(platform);
    const url = latest && downloadOf(latest);
    if (!latest || !url) {
      // nothing published yet: the spec's defaults, where the deployment says where the app is
      const fallback = this.defaultDownloads[platform];
      if (!fallback) throw notFound();
      return {
        download_url: fallback,
        version_name: DEFAULT_VERSION.name,
        version_code: DEFAULT_VERSION.code,
        update_desc: '',
      };
    }
    return {
      download_url: url,
      version_name: latest.versionName,
      version_code: latest.buildNumber,
      update_desc: latest.releaseNotes,
    };
  }

  async releaseNotes(): Promise<string | null> {
    return releaseNotesMarkdown(await this.versions.published());
  }

  /** A published version's uploaded APK (an unpublished one is not downloadable yet). */
  async apk(id: string): Promise<ApkDownload> {
    const row = await this.versions.find(id);
    if (!row?.apkKey || !row.publishedAt) throw notFound();
    const stored = await this.store.get(row.apkKey);
    if (!stored) throw notFound();
    return { bytes: stored.bytes, fileName: `see-for-me-${row.versionName}.apk` };
  }

  async list(platform?: Platform): Promise<{ items: AdminVersion[] }> {
    return { items: (await this.versions.list(platform)).map(toAdminVersion) };
  }

  create(
    actor: AdminActor,
    request: AdminVersionCreateRequest & { releaseNotes: string },
  ): Promise<AdminVersion> {
    return this.audit.change(actor, async (tx) => {
      const row = await new VersionsRepo(tx).insert({
        platform: request.platform,
        versionName: request.versionName,
        buildNumber: request.buildNumber,
        updateType: request.updateType,
        releaseNotes: request.releaseNotes,
        downloadUrl: request.downloadUrl ?? null,
        minSupportedBuild: request.minSupportedBuild ?? null,
        createdAt: this.clock(),
        updatedAt: this.clock(),
      });
      if (!row) throw new AppError(409, 'errors.version_exists');
      return this.entry('version.create', row, null, auditedFields(row), row);
    });
  }

  update(actor: AdminActor, request: AdminVersionUpdateRequest): Promise<AdminVersion> {
    const { id, ...changes } = request;
    return this.change(actor, id, 'version.update', () => changes);
  }

  publish(actor: AdminActor, id: string, published: boolean): Promise<AdminVersion> {
    return this.change(actor, id, published ? 'version.publish' : 'version.unpublish', (before) => {
      if (!published) return { publishedAt: null };
      if (before.platform !== 'h5' && !downloadOf(before))
        throw new AppError(409, 'errors.version_not_downloadable');
      return { publishedAt: before.publishedAt ?? this.clock() };
    });
  }

  /**
   * Keeps an Android version's APK: checked, stored, then recorded with its audit row. The file is
   * written first (a store is no transaction): if the record fails, the new file is removed; once
   * it is recorded, the file it replaced is.
   */
  async uploadApk(actor: AdminActor, id: string, bytes: Buffer): Promise<AdminVersion> {
    if (bytes.length > this.apkMaxBytes) throw this.tooLarge();
    if (!isApk(bytes)) throw new AppError(415, 'errors.apk_invalid');
    const current = await this.versions.find(id);
    if (!current) throw notFound();
    if (current.platform !== 'android') throw new AppError(409, 'errors.apk_only_android');
    const key = `apks/${id}/${randomBytes(8).toString('hex')}.apk`;
    await this.store.put(key, bytes, APK_CONTENT_TYPE);
    let replaced: string | null = null;
    try {
      const result = await this.change(actor, id, 'version.upload_apk', (before) => {
        replaced = before.apkKey;
        return { apkKey: key, apkBytes: bytes.length };
      });
      if (replaced) await this.store.delete(replaced);
      return result;
    } catch (error) {
      await this.store.delete(key);
      throw error;
    }
  }

  tooLarge(): AppError {
    return new AppError(413, 'errors.apk_too_large', {
      megabytes: Number((this.apkMaxBytes / 1024 / 1024).toPrecision(2)),
    });
  }

  /** One audited change of one version: lock its row, apply what `plan` says, answer the new version. */
  private change(
    actor: AdminActor,
    id: string,
    action: AuditAction,
    plan: (before: VersionRow) => VersionChanges,
  ): Promise<AdminVersion> {
    return this.audit.change(actor, async (tx) => {
      const repo = new VersionsRepo(tx);
      const before = await repo.findForUpdate(id);
      if (!before) throw notFound();
      const after = await repo.update(id, plan(before), this.clock());
      return this.entry(action, after, auditedFields(before), auditedFields(after), after);
    });
  }

  private entry(
    action: AuditAction,
    row: VersionRow,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
    result: VersionRow,
  ) {
    return {
      action,
      targetType: 'version' as const,
      targetId: row.id,
      targetLabel: `${row.platform} ${row.versionName} (${row.buildNumber})`,
      before,
      after,
      result: toAdminVersion(result),
    };
  }
}

/** A version as its audit rows record it. */
function auditedFields(row: VersionRow): Record<string, unknown> {
  return {
    versionName: row.versionName,
    updateType: row.updateType,
    releaseNotes: row.releaseNotes,
    downloadUrl: row.downloadUrl,
    apkBytes: row.apkBytes,
    minSupportedBuild: row.minSupportedBuild,
    published: row.publishedAt !== null,
  };
}
