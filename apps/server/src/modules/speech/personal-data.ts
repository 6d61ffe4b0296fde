import { eq } from 'drizzle-orm';
import { speechTexts } from '../../db/core-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/** The texts a user had spoken stay in the statistics (their length, when), without the user's id. */
export const speechPersonalData: PersonalDataSource = {
  erase: async (userId, tx) => {
    await tx.update(speechTexts).set({ userId: null }).where(eq(speechTexts.userId, userId));
  },
};
