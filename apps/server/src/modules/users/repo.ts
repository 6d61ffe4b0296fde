import { and, eq, isNull, sql } from 'drizzle-orm';
import { isUuid, type Executor } from '../../db/database.ts';
import { userActiveDays, users } from '../../db/core-schema.ts';
import type { Accounts, NewUser, UserChanges, UserRow } from '../../module-context.ts';

/** PostgreSQL's error code for a broken unique constraint. */
const UNIQUE_VIOLATION = '23505';

/** The users' rows. Other modules reach them as ctx.accounts, the part of this repo they may use. */
export class UsersRepo implements Accounts {
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

  async create(user: NewUser): Promise<UserRow | null> {
    const [row] = await this.db
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: users.phone })
      .returning();
    return row ?? null;
  }

  async findOrCreateByPhone(phone: string, now: Date): Promise<UserRow> {
    const created = await this.create({ phone, passwordHash: null, phoneVerifiedAt: now });
    const row = created ?? (await this.findByPhone(phone));
    if (!row) throw new Error('user vanished between insert and select');
    return row;
  }

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
