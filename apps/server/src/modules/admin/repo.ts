import { eq } from 'drizzle-orm';
import { isUuid, type Executor } from '../../db/database.ts';
import { admins } from '../../db/schema.ts';

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

  /** Creates the admin, or resets the password of an existing one; true when created. */
  async upsert(username: string, passwordHash: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .insert(admins)
      .values({ username, passwordHash })
      .onConflictDoUpdate({ target: admins.username, set: { passwordHash, updatedAt: now } })
      .returning({ createdAt: admins.createdAt, updatedAt: admins.updatedAt });
    return row !== undefined && row.createdAt.getTime() === row.updatedAt.getTime();
  }
}
