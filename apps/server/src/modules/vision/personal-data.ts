import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { analyses, visionImages } from '../../db/core-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

const ownPhotos = (userId: string) =>
  and(eq(visionImages.ownerKind, 'user'), eq(visionImages.ownerId, userId));

/** A user's kept photos and analyses; the analyses stay in the statistics without the user's id. */
export function visionPersonalData(db: Database): PersonalDataSource {
  return {
    collect: async (userId) => ({
      analyses: await db
        .select({
          id: analyses.id,
          createdAt: analyses.createdAt,
          scenario: analyses.scenario,
          engine: analyses.engine,
          durationMs: analyses.durationMs,
          outcome: analyses.outcome,
        })
        .from(analyses)
        .where(eq(analyses.userId, userId))
        .orderBy(analyses.createdAt),
      photos: await db
        .select({
          id: visionImages.id,
          createdAt: visionImages.createdAt,
          scenario: visionImages.scenario,
          contentType: visionImages.contentType,
          byteSize: visionImages.byteSize,
        })
        .from(visionImages)
        .where(ownPhotos(userId)),
    }),
    erase: async (userId, tx) => {
      const photos = await tx
        .delete(visionImages)
        .where(ownPhotos(userId))
        .returning({ storageKey: visionImages.storageKey });
      await tx.update(analyses).set({ userId: null }).where(eq(analyses.userId, userId));
      return photos.map((photo) => photo.storageKey);
    },
  };
}
