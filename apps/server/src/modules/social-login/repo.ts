import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/core-schema.ts';
import { socialLoginTransactions, userIdentities } from '../../db/social-login-schema.ts';
import type { UserRow } from '../../module-context.ts';

export type LoginTransactionRow = typeof socialLoginTransactions.$inferSelect;

/** Logins under way: written at the start, taken (read and deleted at once) by the callback. */
export class LoginTransactionRepo {
  constructor(private readonly db: Database) {}

  async insert(row: LoginTransactionRow): Promise<void> {
    await this.db.insert(socialLoginTransactions).values(row);
  }

  /** The transaction, deleted in the same statement: of two callbacks with it, one gets it. */
  async take(idHash: string): Promise<LoginTransactionRow | null> {
    const [row] = await this.db
      .delete(socialLoginTransactions)
      .where(eq(socialLoginTransactions.idHash, idHash))
      .returning();
    return row ?? null;
  }

  /** Logins abandoned at the provider leave rows behind; each new start clears the expired. */
  async removeExpired(now: Date): Promise<void> {
    await this.db.delete(socialLoginTransactions).where(lte(socialLoginTransactions.expiresAt, now));
  }
}

/** Thrown inside the transaction to undo the new account when another callback bound the identity first. */
class IdentityTaken extends Error {}

/** Third-party identities and the accounts they lead to. */
export class IdentityRepo {
  constructor(private readonly db: Database) {}

  async findUser(provider: string, subject: string): Promise<UserRow | null> {
    const [found] = await this.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return found?.user ?? null;
  }

  /**
   * The identity's account, made (without a phone) if it has none. The new account and the binding
   * are one transaction, so two first logins at once make one account, not two.
   */
  async findOrCreateUser(
    provider: string,
    subject: string,
    nickname: string | null,
  ): Promise<{ user: UserRow; created: boolean }> {
    const existing = await this.findUser(provider, subject);
    if (existing) return { user: existing, created: false };
    try {
      const user = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ phone: null, passwordHash: null, nickname })
          .returning();
        const bound = await tx
          .insert(userIdentities)
          .values({ provider, subject, userId: row!.id })
          .onConflictDoNothing()
          .returning();
        if (bound.length === 0) throw new IdentityTaken();
        return row!;
      });
      return { user, created: true };
    } catch (err) {
      if (!(err instanceof IdentityTaken)) throw err;
      const winner = await this.findUser(provider, subject);
      if (!winner) throw new Error('identity vanished after a conflicting insert', { cause: err });
      return { user: winner, created: false };
    }
  }
}
