import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  marketFavourites,
  marketSceneReports,
  marketSceneUses,
  marketScenes,
} from '../../db/market-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/** A user's scenes, favourites and reports; the visits they paid to scenes stay counted, without them. */
export function marketPersonalData(db: Database): PersonalDataSource {
  return {
    collect: async (userId) => ({
      scenes: await db.select().from(marketScenes).where(eq(marketScenes.authorId, userId)),
      favourites: await db.select().from(marketFavourites).where(eq(marketFavourites.userId, userId)),
      sceneReports: await db.select().from(marketSceneReports).where(eq(marketSceneReports.userId, userId)),
    }),
    erase: async (userId, tx) => {
      await tx.delete(marketScenes).where(eq(marketScenes.authorId, userId));
      await tx.delete(marketFavourites).where(eq(marketFavourites.userId, userId));
      await tx.delete(marketSceneReports).where(eq(marketSceneReports.userId, userId));
      await tx.update(marketSceneUses).set({ userId: null }).where(eq(marketSceneUses.userId, userId));
    },
  };
}
