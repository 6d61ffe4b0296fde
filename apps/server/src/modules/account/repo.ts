import type { UserSettings } from '@sfm/protocol';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import {
  analyses,
  callFeedback,
  callPresence,
  callRings,
  calls,
  deletedAccounts,
  feedback,
  marketFavourites,
  marketSceneReports,
  marketSceneUses,
  marketScenes,
  paymentOrders,
  pointsAccounts,
  pointsEntries,
  pointsHolds,
  pushSubscriptions,
  refreshTokens,
  smsCodes,
  speechTexts,
  userActiveDays,
  userBlocks,
  userIdentities,
  userSettings,
  users,
  visionImages,
  volunteerProfiles,
} from '../../db/schema.ts';

const ownPhotos = (userId: string) =>
  and(eq(visionImages.ownerKind, 'user'), eq(visionImages.ownerId, userId));

/** jsonb `||`: the stored keys, overwritten by the changed ones. */
const sqlMerge = (changes: UserSettings) =>
  sql`${userSettings.settings} || ${JSON.stringify(changes)}::jsonb`;

/** The settings table: one JSON document per user, merged key by key. */
export class SettingsRepo {
  constructor(private readonly db: Executor) {}

  async find(userId: string): Promise<UserSettings> {
    const [row] = await this.db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row?.settings ?? {};
  }

  /** Merges `changes` into the stored settings in one statement (two devices saving at once both win). */
  async merge(userId: string, changes: UserSettings, now: Date): Promise<UserSettings> {
    const [row] = await this.db
      .insert(userSettings)
      .values({ userId, settings: changes, updatedAt: now })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { settings: sqlMerge(changes), updatedAt: now },
      })
      .returning();
    return row!.settings;
  }
}

/** Everything the service keeps about one user, as plain rows (the export's source). */
export class MyDataRepo {
  constructor(private readonly db: Database) {}

  async collect(userId: string) {
    const db = this.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    const [account] = await db.select().from(pointsAccounts).where(eq(pointsAccounts.userId, userId));
    const [volunteer] = await db.select().from(volunteerProfiles).where(eq(volunteerProfiles.userId, userId));
    return {
      user,
      settings: await new SettingsRepo(db).find(userId),
      pointsAccount: account ?? null,
      pointsEntries: await db
        .select({
          id: pointsEntries.id,
          createdAt: pointsEntries.createdAt,
          type: pointsEntries.type,
          scene: pointsEntries.scene,
          amount: pointsEntries.amount,
          balanceAfter: pointsEntries.balanceAfter,
          remark: pointsEntries.remark,
        })
        .from(pointsEntries)
        .where(eq(pointsEntries.userId, userId))
        .orderBy(pointsEntries.id),
      paymentOrders: await db
        .select({
          id: paymentOrders.id,
          createdAt: paymentOrders.createdAt,
          kind: paymentOrders.kind,
          item: paymentOrders.item,
          amountFen: paymentOrders.amountFen,
          provider: paymentOrders.provider,
          status: paymentOrders.status,
          paidAt: paymentOrders.paidAt,
        })
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, userId))
        .orderBy(paymentOrders.createdAt),
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
      // a call's other member is someone else: only the user's side of it is theirs to take
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
      scenes: await db.select().from(marketScenes).where(eq(marketScenes.authorId, userId)),
      favourites: await db.select().from(marketFavourites).where(eq(marketFavourites.userId, userId)),
      sceneReports: await db.select().from(marketSceneReports).where(eq(marketSceneReports.userId, userId)),
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
      identities: await db
        .select({
          provider: userIdentities.provider,
          subject: userIdentities.subject,
          createdAt: userIdentities.createdAt,
        })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId)),
    };
  }
}
export type MyData = NonNullable<Awaited<ReturnType<MyDataRepo['collect']>>>;

/**
 * Deleting an account, in one transaction: personal rows are deleted, rows that others or the
 * statistics still need lose the user's id, and the users row is emptied (see deleted_accounts).
 */
export class AccountDeletionRepo {
  constructor(private readonly db: Database) {}

  /** Returns the storage keys of the user's photos (deleted after the commit), or null if already gone. */
  async delete(userId: string, now: Date): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) return null;
      const inserted = await tx
        .insert(deletedAccounts)
        .values({ userId, deletedAt: now })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) return null;

      const photos = await tx
        .delete(visionImages)
        .where(ownPhotos(userId))
        .returning({ storageKey: visionImages.storageKey });
      // every session ends: the refresh tokens go, and the emptied row refuses access tokens
      await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
      if (user.phone !== null) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
      // a social identity signs up afresh: it no longer leads to this emptied account
      await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
      await tx.delete(userActiveDays).where(eq(userActiveDays.userId, userId));
      await tx.delete(userSettings).where(eq(userSettings.userId, userId));
      const feedbackPhotos = await tx
        .delete(feedback)
        .where(eq(feedback.userId, userId))
        .returning({ storageKey: feedback.photoKey });
      await tx.update(analyses).set({ userId: null }).where(eq(analyses.userId, userId));
      await tx.update(speechTexts).set({ userId: null }).where(eq(speechTexts.userId, userId));
      await tx.delete(pointsHolds).where(eq(pointsHolds.userId, userId));
      // calls: the user's own requests go (their rings and ratings with them); calls they answered stay for the seeker
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
      await tx.delete(marketScenes).where(eq(marketScenes.authorId, userId));
      await tx.delete(marketFavourites).where(eq(marketFavourites.userId, userId));
      await tx.delete(marketSceneReports).where(eq(marketSceneReports.userId, userId));
      await tx.update(marketSceneUses).set({ userId: null }).where(eq(marketSceneUses.userId, userId));
      // the ledger (points_entries, points_accounts, payment_orders) keeps this now anonymous row
      await tx
        .update(users)
        .set({
          phone: null,
          passwordHash: null,
          nickname: null,
          avatarKey: null,
          userType: null,
          speechRate: 1,
          bannedAt: now,
          banReason: 'account deleted',
          lastActiveAt: null,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      // the avatar and feedback photos live in the same image store as the analysed ones
      return [...photos, ...feedbackPhotos, { storageKey: user.avatarKey }]
        .map((p) => p.storageKey)
        .filter((key): key is string => key !== null);
    });
  }
}
