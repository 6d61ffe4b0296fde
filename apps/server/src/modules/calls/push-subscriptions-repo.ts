import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pushSubscriptions } from '../../db/calls-schema.ts';
import type { PushTarget } from './web-push.ts';

/** The browsers a user may be rung on while their page is closed (Web Push subscriptions). */
export class PushSubscriptionsRepo {
  constructor(private readonly db: Database) {}

  /** Where each of these users' browsers is rung, in the language each subscribed in. */
  async targets(userIds: string[]): Promise<PushTarget[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        locale: pushSubscriptions.locale,
      })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
  }

  /** Keeps a browser's subscription for the user (a browser that moved to another account moves too). */
  async save(userId: string, target: PushTarget, now: Date): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({ userId, ...target, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: target.p256dh, auth: target.auth, locale: target.locale },
      });
  }

  /** Drops all but the user's `keep` newest subscriptions. */
  async keepNewest(userId: string, keep: number): Promise<void> {
    await this.db.execute(sql`
      delete from push_subscriptions where user_id = ${userId} and endpoint not in (
        select endpoint from push_subscriptions where user_id = ${userId}
        order by created_at desc, endpoint limit ${keep}
      )`);
  }

  /** Forgets a browser; with `userId`, only while it is that user's (one user cannot drop another's). */
  async remove(endpoint: string, userId?: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, endpoint),
          userId === undefined ? undefined : eq(pushSubscriptions.userId, userId),
        ),
      );
  }
}
