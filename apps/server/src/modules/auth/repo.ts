import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { refreshTokens, smsCodes } from '../../db/core-schema.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = Pick<RefreshTokenRow, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>;

export class RefreshTokenRepo {
  constructor(private readonly db: Executor) {}

  /** Runs `work` in one transaction with a repo bound to it (row locks last until it ends). */
  transaction<T>(work: (repo: RefreshTokenRepo) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx) => work(new RefreshTokenRepo(tx)));
  }

  async insert(token: NewRefreshToken): Promise<void> {
    await this.db.insert(refreshTokens).values(token);
  }

  /** The token's row, locked until the transaction ends so one rotation runs at a time. */
  async findForUpdate(tokenHash: string): Promise<RefreshTokenRow | null> {
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    return row ?? null;
  }

  async markUsed(id: string, now: Date): Promise<void> {
    await this.db.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, id));
  }

  /** Revokes the family's tokens (a replayed token): none of them works any more. */
  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.revokeLive(eq(refreshTokens.familyId, familyId), now);
  }

  /** Revokes every family of the user (a ban): no refresh token of theirs works any more. */
  async revokeAllOfUser(userId: string, now: Date): Promise<void> {
    await this.revokeLive(eq(refreshTokens.userId, userId), now);
  }

  /**
   * Revokes the family the token belongs to: the user it belonged to, or null for an unknown token
   * (nothing changes) or one whose family was revoked already.
   */
  async revokeFamilyOf(tokenHash: string, now: Date): Promise<string | null> {
    const revoked = await this.revokeLive(
      sql`${refreshTokens.familyId} = (select family_id from refresh_tokens where token_hash = ${tokenHash})`,
      now,
    );
    return revoked[0]?.userId ?? null;
  }

  /**
   * Revokes the live tokens `which` selects. Their rows are locked first, in one order (two
   * revocations never wait for each other in a circle): a rotation in progress holds its token's
   * row, so this waits for it to end, and the update that follows, a statement of its own, sees the
   * token that rotation issued. A single UPDATE would miss it (its snapshot predates the insert) and
   * leave a logged-out, replayed or banned session alive.
   */
  private revokeLive(which: SQL, now: Date): Promise<{ userId: string }[]> {
    const live = and(which, isNull(refreshTokens.revokedAt));
    return this.transaction(async (repo) => {
      await repo.db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(live)
        .orderBy(refreshTokens.id)
        .for('update');
      return repo.db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(live)
        .returning({ userId: refreshTokens.userId });
    });
  }
}

export type SmsCodeRow = typeof smsCodes.$inferSelect;

export class SmsCodeRepo {
  constructor(private readonly db: Executor) {}

  transaction<T>(work: (repo: SmsCodeRepo) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx) => work(new SmsCodeRepo(tx)));
  }

  /**
   * Stores a new code for the phone unless one was sent after `resendAfter`; true when stored.
   * One statement, so two nodes sending for the same phone at once cannot both succeed.
   */
  async issue(code: Omit<SmsCodeRow, 'failedAttempts'>, resendAfter: Date): Promise<boolean> {
    const rows = await this.db
      .insert(smsCodes)
      .values({ ...code, failedAttempts: 0 })
      .onConflictDoUpdate({
        target: smsCodes.phone,
        set: { codeHash: code.codeHash, sentAt: code.sentAt, expiresAt: code.expiresAt, failedAttempts: 0 },
        setWhere: lte(smsCodes.sentAt, resendAfter),
      })
      .returning({ phone: smsCodes.phone });
    return rows.length > 0;
  }

  async find(phone: string): Promise<SmsCodeRow | null> {
    const [row] = await this.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    return row ?? null;
  }

  async findForUpdate(phone: string): Promise<SmsCodeRow | null> {
    const [row] = await this.db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).for('update');
    return row ?? null;
  }

  /** Counts a wrong guess and returns how many there have been. */
  async recordFailure(phone: string): Promise<number> {
    const [row] = await this.db
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
      .where(eq(smsCodes.phone, phone))
      .returning({ failedAttempts: smsCodes.failedAttempts });
    return row?.failedAttempts ?? 0;
  }

  async remove(phone: string): Promise<void> {
    await this.db.delete(smsCodes).where(eq(smsCodes.phone, phone));
  }
}
