import { eq, inArray } from 'drizzle-orm';
import { refreshTokens, smsCodes, users } from '../../db/core-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/**
 * Every session of a deleted account ends: its refresh tokens go (the emptied users row refuses
 * access tokens), and so do the SMS codes sent to its phone. The account module empties the users
 * row only after every eraser ran, so the phone is still there to find them by.
 */
export const authPersonalData: PersonalDataSource = {
  erase: async (userId, tx) => {
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    const phoneOfUser = tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    await tx.delete(smsCodes).where(inArray(smsCodes.phone, phoneOfUser));
  },
};
