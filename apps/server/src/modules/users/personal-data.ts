import { eq } from 'drizzle-orm';
import { userActiveDays } from '../../db/core-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/** The days a user was active; the day's count of active users forgets them. */
export const usersPersonalData: PersonalDataSource = {
  erase: async (userId, tx) => {
    await tx.delete(userActiveDays).where(eq(userActiveDays.userId, userId));
  },
};
