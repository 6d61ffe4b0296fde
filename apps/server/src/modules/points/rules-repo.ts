import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { pointsConfig } from '../../db/points-schema.ts';

export type ConfigRow = typeof pointsConfig.$inferSelect;

/** The versions of the points rules: each change is a new row. */
export class RulesRepo {
  constructor(private readonly db: Executor) {}

  async latest(): Promise<ConfigRow | undefined> {
    const [row] = await this.db.select().from(pointsConfig).orderBy(desc(pointsConfig.version)).limit(1);
    return row;
  }

  /** Adds a version; false when another writer took that number first. */
  async insert(row: Omit<ConfigRow, 'createdAt'> & { createdAt: Date }): Promise<boolean> {
    const rows = await this.db
      .insert(pointsConfig)
      .values(row)
      .onConflictDoNothing()
      .returning({ version: pointsConfig.version });
    return rows.length > 0;
  }
}
