import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { isUuid, type Executor } from '../../db/database.ts';
import { appVersions } from '../../db/versions-schema.ts';

export type VersionRow = typeof appVersions.$inferSelect;
export type NewVersion = typeof appVersions.$inferInsert;
export type VersionChanges = Partial<
  Pick<
    VersionRow,
    | 'versionName'
    | 'updateType'
    | 'releaseNotes'
    | 'downloadUrl'
    | 'minSupportedBuild'
    | 'apkKey'
    | 'apkBytes'
    | 'publishedAt'
  >
>;

/** The app_versions table. */
export class VersionsRepo {
  constructor(private readonly db: Executor) {}

  /** A platform's versions (or every platform's), newest build first. */
  list(platform?: string): Promise<VersionRow[]> {
    return this.db
      .select()
      .from(appVersions)
      .where(platform ? eq(appVersions.platform, platform) : undefined)
      .orderBy(appVersions.platform, desc(appVersions.buildNumber));
  }

  async find(id: string): Promise<VersionRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(appVersions).where(eq(appVersions.id, id));
    return row ?? null;
  }

  /** The row, locked until the transaction ends (an admin change reads, then writes). */
  async findForUpdate(id: string): Promise<VersionRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(appVersions).where(eq(appVersions.id, id)).for('update');
    return row ?? null;
  }

  /** The new row, or null when the platform has that build number already. */
  async insert(version: NewVersion): Promise<VersionRow | null> {
    const [row] = await this.db
      .insert(appVersions)
      .values(version)
      .onConflictDoNothing({ target: [appVersions.platform, appVersions.buildNumber] })
      .returning();
    return row ?? null;
  }

  async update(id: string, changes: VersionChanges, now: Date): Promise<VersionRow> {
    const [row] = await this.db
      .update(appVersions)
      .set({ ...changes, updatedAt: now })
      .where(eq(appVersions.id, id))
      .returning();
    if (!row) throw new Error(`version ${id} vanished inside its own transaction`);
    return row;
  }

  /** A platform's published versions newer than `build`, newest first (what an update check weighs). */
  publishedNewerThan(platform: string, build: number): Promise<VersionRow[]> {
    return this.db
      .select()
      .from(appVersions)
      .where(
        and(
          eq(appVersions.platform, platform),
          isNotNull(appVersions.publishedAt),
          gt(appVersions.buildNumber, build),
        ),
      )
      .orderBy(desc(appVersions.buildNumber));
  }

  /** Every published version, newest publication first (the release-note file). */
  published(): Promise<VersionRow[]> {
    return this.db
      .select()
      .from(appVersions)
      .where(isNotNull(appVersions.publishedAt))
      .orderBy(desc(appVersions.publishedAt), desc(appVersions.buildNumber));
  }

  /** A platform's newest published build. */
  async latestPublished(platform: string): Promise<VersionRow | null> {
    const [row] = await this.db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.platform, platform), isNotNull(appVersions.publishedAt)))
      .orderBy(desc(appVersions.buildNumber))
      .limit(1);
    return row ?? null;
  }
}
