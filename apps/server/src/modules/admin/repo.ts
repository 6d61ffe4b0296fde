import { asc, eq, sql } from 'drizzle-orm';
import { isUuid, type Executor } from '../../db/database.ts';
import { admins } from '../../db/core-schema.ts';
import type { AdminRole } from '@sfm/protocol';

export type AdminRow = typeof admins.$inferSelect;

export class AdminRepo {
  constructor(private readonly db: Executor) {}

  async findByUsername(username: string): Promise<AdminRow | null> {
    const [row] = await this.db.select().from(admins).where(eq(admins.username, username));
    return row ?? null;
  }

  async findById(id: string): Promise<AdminRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id));
    return row ?? null;
  }

  /** The admin's row, locked until the transaction ends. */
  async findForUpdate(id: string): Promise<AdminRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id)).for('update');
    return row ?? null;
  }

  async list(): Promise<AdminRow[]> {
    return this.db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.username));
  }

  /** The new admin, or null when the name is taken. */
  async insert(admin: {
    username: string;
    passwordHash: string;
    passwordTemporary: boolean;
    role: AdminRole;
  }): Promise<AdminRow | null> {
    const [row] = await this.db
      .insert(admins)
      .values(admin)
      .onConflictDoNothing({ target: admins.username })
      .returning();
    return row ?? null;
  }

  /** `endSessions`: every token the admin holds is refused from now on (the generation counts up). */
  async update(
    id: string,
    {
      endSessions,
      ...changes
    }: Partial<Pick<AdminRow, 'passwordHash' | 'passwordTemporary' | 'disabledAt' | 'lastLoginAt'>> & {
      endSessions?: boolean;
    },
    now: Date,
  ): Promise<AdminRow | null> {
    const [row] = await this.db
      .update(admins)
      .set({
        ...changes,
        ...(endSessions && { tokenGeneration: sql`${admins.tokenGeneration} + 1` }),
        updatedAt: now,
      })
      .where(eq(admins.id, id))
      .returning();
    return row ?? null;
  }

  /**
   * For the CLI: creates a super-admin, or resets the password of an existing admin (its role
   * stays); true when created.
   */
  async upsert(username: string, passwordHash: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .insert(admins)
      .values({ username, passwordHash, role: 'super_admin' })
      .onConflictDoUpdate({ target: admins.username, set: { passwordHash, updatedAt: now } })
      .returning({ createdAt: admins.createdAt, updatedAt: admins.updatedAt });
    return row !== undefined && row.createdAt.getTime() === row.updatedAt.getTime();
  }
}
