import type { UserSettings } from '@sfm/protocol/account';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import { deletedAccounts, userSettings } from '../../db/account-schema.ts';
import { users } from '../../db/core-schema.ts';

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

/** The account's own rows for "download my data"; the other modules' come from their sources. */
export class MyDataRepo {
  constructor(private readonly db: Database) {}

  async collect(userId: string) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    return { user, settings: await new SettingsRepo(this.db).find(userId) };
  }
}
export type MyData = NonNullable<Awaited<ReturnType<MyDataRepo['collect']>>>;

/**
 * Deleting an account, in one transaction: `eraseOthers` deletes the other modules' personal rows
 * (and takes the user's id off rows others or the statistics still need), then the settings go and
 * the users row is emptied, never deleted (see deleted_accounts), so no foreign key breaks.
 */
export class AccountDeletionRepo {
  constructor(private readonly db: Database) {}

  /**
   * Returns the storage keys of the user's photos (deleted after the commit): the avatar and the
   * ones `eraseOthers` returns; null if the account is already gone.
   */
  async delete(
    userId: string,
    now: Date,
    eraseOthers: (tx: Transaction) => Promise<string[]>,
  ): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) return null;
      const inserted = await tx
        .insert(deletedAccounts)
        .values({ userId, deletedAt: now })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) return null;

      const photos = await eraseOthers(tx);
      await tx.delete(userSettings).where(eq(userSettings.userId, userId));
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
      // the avatar lives in the same image store as the analysed photos
      return user.avatarKey === null ? photos : [...photos, user.avatarKey];
    });
  }
}
