import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  callFeedback,
  callPresence,
  callRings,
  calls,
  pushSubscriptions,
  userBlocks,
  volunteerProfiles,
} from '../../db/calls-schema.ts';
import type { PersonalDataSource } from '../../module-context.ts';

/**
 * A user's calls, ratings, volunteer profile and blocks. A call's other member is someone else:
 * only the user's side of it is theirs to take, and the calls they answered stay for the seeker.
 */
export function callsPersonalData(db: Database): PersonalDataSource {
  return {
    collect: async (userId) => {
      const [volunteer] = await db
        .select()
        .from(volunteerProfiles)
        .where(eq(volunteerProfiles.userId, userId));
      return {
        calls: await db
          .select({
            id: calls.id,
            createdAt: calls.createdAt,
            role: sql<string>`case when ${calls.seekerId} = ${userId} then 'seeker' else 'volunteer' end`,
            language: calls.language,
            status: calls.status,
            connectedAt: calls.connectedAt,
            endedAt: calls.endedAt,
            endReason: calls.endReason,
          })
          .from(calls)
          .where(or(eq(calls.seekerId, userId), eq(calls.volunteerId, userId)))
          .orderBy(calls.createdAt),
        callFeedback: await db
          .select({
            callId: callFeedback.callId,
            createdAt: callFeedback.createdAt,
            helpful: callFeedback.helpful,
            reportReason: callFeedback.reportReason,
            reportNote: callFeedback.reportNote,
          })
          .from(callFeedback)
          .where(eq(callFeedback.userId, userId)),
        volunteer: volunteer ?? null,
        blocks: await db
          .select({ createdAt: userBlocks.createdAt })
          .from(userBlocks)
          .where(eq(userBlocks.blockerId, userId)),
      };
    },
    erase: async (userId, tx) => {
      // the user's own requests go first: their rings and ratings go with them (on delete cascade)
      await tx.delete(calls).where(eq(calls.seekerId, userId));
      await tx.update(calls).set({ volunteerId: null }).where(eq(calls.volunteerId, userId));
      await tx.delete(callRings).where(eq(callRings.volunteerId, userId));
      await tx.delete(callPresence).where(eq(callPresence.memberId, userId));
      await tx.delete(callFeedback).where(eq(callFeedback.userId, userId));
      await tx.update(callFeedback).set({ aboutUserId: null }).where(eq(callFeedback.aboutUserId, userId));
      await tx.delete(volunteerProfiles).where(eq(volunteerProfiles.userId, userId));
      await tx
        .delete(userBlocks)
        .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
  };
}
