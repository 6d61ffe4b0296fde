import { eq, inArray, lt } from 'drizzle-orm';
import { isUuid, type Executor } from '../../db/database.ts';
import { visionImages } from '../../db/core-schema.ts';

export type VisionImageRow = typeof visionImages.$inferSelect;
export type NewVisionImage = typeof visionImages.$inferInsert;

export class VisionImagesRepo {
  constructor(private readonly db: Executor) {}

  async insert(row: NewVisionImage): Promise<void> {
    await this.db.insert(visionImages).values(row);
  }

  async findById(id: string): Promise<VisionImageRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(visionImages).where(eq(visionImages.id, id));
    return row ?? null;
  }

  async deleteById(id: string): Promise<void> {
    await this.db.delete(visionImages).where(eq(visionImages.id, id));
  }

  /**
   * Deletes up to `limit` rows created before `cutoff` and returns their storage keys. Rows being
   * deleted by another node are skipped (SKIP LOCKED), so each row is claimed by exactly one sweep.
   */
  async deleteCreatedBefore(cutoff: Date, limit: number): Promise<string[]> {
    const claimed = this.db
      .select({ id: visionImages.id })
      .from(visionImages)
      .where(lt(visionImages.createdAt, cutoff))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .delete(visionImages)
      .where(inArray(visionImages.id, claimed))
      .returning({ storageKey: visionImages.storageKey });
    return rows.map((r) => r.storageKey);
  }
}
