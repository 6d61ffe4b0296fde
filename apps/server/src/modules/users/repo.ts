import { and, eq, isNull, sql } from 'drizzle-orm';
import { isUuid, type Executor } from '../../db/database.ts';
import { userActiveDays, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
/** PostgreSQL's error code for a broken unique constraint. */
const UNIQUE_VIOLATION = '23505';
export interface NewUser {
  /** null: an account made by a social login (a phone is bound later). */
  phone: string | null;
  passwordHash: string | null;
  nickname?: string | null;
  /** When a code proved the phone (registration and SMS login do before an account exists). */
  phoneVerifiedAt?: Date;
  userType?: 0 | 1;
}
export interface UserChanges {
  /** null: back to no nickname (the back office's reset). */
  nickname?: string | null;
  userType?: 0 | 1;
  speechRate?: number;
  bannedAt?: Date | null;
  banReason?: string | null;
  passwordHash?: string | null;
  phoneVerifiedAt?: Date;
  /** Every access token the user holds is refused from now on (the session generation counts up). */
  endSessions?: boolean;
}

export class UsersRepo {
  constructor(private readonly db: Executor) {}

  async findById(id: string): Promise<UserRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  /** The user's row, locked until the transaction ends (a back-office change reads, then writes). */
  async findForUpdate(id: string): Promise<UserRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).for('update');
    return row ?? null;
  }

  /** Notes an authenticated request: the last-active time, and the day among the user's active days. */
  async noteActive(id: string, now: Date, day: string): Promise<void> {
    await this.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, id));
    await this.db.insert(userActiveDays).values({ day, userId: id }).onConflictDoNothing();
  }

  async findByPhone(phone: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.phone, phone));
    return row ?? null;
  }

  /** The new user, or null when the phone is already taken. */
  async create(user: NewUser): Promise<UserRow | null> {
    const [row] = await this.db
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: users.phone })
      .returning();
    return row ?? null;
  }

  /** The phone's user, created without a password if there is none yet (SMS login, the code proved it `now`). */
  async findOrCreateByPhone(phone: string, now: Date): Promise<UserRow> {
    const created = await this.create({ phone, passwordHash: null, phoneVerifiedAt: now });
    const row = created ?? (await this.findByPhone(phone));
    if (!row) throw new Error('user vanished between insert and select');
    return row;
  }

  /**
   * Binds a phone to an account that has none (one made by a social login): the updated row, or why
   * not ('taken': another account has the phone, 'has_phone': this one has one already), null for no account.
   */
  async bindPhone(id: string, phone: string, now: Date): Promise<UserRow | 'taken' | 'has_phone' | null> {
    if (!isUuid(id)) return null;
    const owner = await this.findByPhone(phone);
    if (owner) return owner.id === id ? 'has_phone' : 'taken';
    try {
      const [row] = await this.db
        .update(users)
        .set({ phone, phoneVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, id), isNull(users.phone)))
        .returning();
      if (row) return row;
    } catch (err) {
      // another account took the phone between the check and the update (the unique index says so)
      if ((err as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION) return 'taken';
      throw err;
    }
    return (await this.findById(id)) ? 'has_phone' : null;
  }

  async update(id: string, { endSessions, ...changes }: UserChanges, now: Date): Promise<UserRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .update(users)
      .set({
        ...changes,
        ...(endSessions && { tokenGeneration: sql`${users.tokenGeneration} + 1` }),
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }
}
