import { sql } from 'drizzle-orm';
import type { DayRange } from '../../calendar/day-range.ts';
import type { Executor } from '../../db/database.ts';
import { within } from '../../db/day-sql.ts';
import { speechTexts } from '../../db/core-schema.ts';

export type NewSpokenText = typeof speechTexts.$inferInsert;

/** One row per text the server spoke, for the back office's "speech texts today". */
export class SpokenTextsRepo {
  constructor(private readonly db: Executor) {}

  async insert(row: NewSpokenText): Promise<void> {
    await this.db.insert(speechTexts).values(row);
  }

  /** How many texts were spoken on the range's days. */
  async countWithin(range: DayRange): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(speechTexts)
      .where(within(speechTexts.createdAt, range));
    return row?.n ?? 0;
  }
}
