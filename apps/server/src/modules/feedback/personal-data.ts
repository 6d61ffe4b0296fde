import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { feedback } from '../../db/account-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/** What a user wrote to us and our replies; deleted with the account, its photos with it. */
export function feedbackPersonalData(db: Database): PersonalDataSource {
  return {
    collect: async (userId) => ({
      feedback: await db
        .select({
          id: feedback.id,
          createdAt: feedback.createdAt,
          category: feedback.category,
          text: feedback.text,
          contactConsent: feedback.contactConsent,
          reply: feedback.reply,
          repliedAt: feedback.repliedAt,
        })
        .from(feedback)
        .where(eq(feedback.userId, userId)),
    }),
    erase: async (userId, tx) => {
      const deleted = await tx
        .delete(feedback)
        .where(eq(feedback.userId, userId))
        .returning({ photoKey: feedback.photoKey });
      return deleted.map((row) => row.photoKey).filter((key): key is string => key !== null);
    },
  };
}
