import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { userIdentities } from '../../db/social-login-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/** The third-party logins bound to a user's account. */
export function socialLoginPersonalData(db: Database): PersonalDataSource {
  return {
    collect: async (userId) => ({
      identities: await db
        .select({
          provider: userIdentities.provider,
          subject: userIdentities.subject,
          createdAt: userIdentities.createdAt,
        })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId)),
    }),
    // a social identity signs up afresh: it no longer leads to the emptied account
    erase: async (userId, tx) => {
      await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
    },
  };
}
