import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/core-schema.ts';

/** users.avatar_key: which stored photo is the user's avatar. */
export class AvatarRepo {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ key: users.avatarKey }).from(users).where(eq(users.id, userId));
    return row?.key ?? null;
  }

  /**
   * Points the avatar at `key` (null: none) and returns the key it replaced, read under the row's
   * lock so two uploads at once each get back the one they replaced; undefined when there is no user.
   */
  async replace(userId: string, key: string | null, now: Date): Promise<string | null | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ key: users.avatarKey })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row) return undefined;
      await tx.update(users).set({ avatarKey: key, updatedAt: now }).where(eq(users.id, userId));
      return row.key;
    });
  }
}
