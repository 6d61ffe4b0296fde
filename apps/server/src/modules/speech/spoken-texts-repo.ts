import type { Executor } from '../../db/database.ts';
import { speechTexts } from '../../db/schema.ts';

export type NewSpokenText = typeof speechTexts.$inferInsert;

/** One row per text the server spoke, for the back office's "speech texts today". */
export class SpokenTextsRepo {
  constructor(private readonly db: Executor) {}

  async insert(row: NewSpokenText): Promise<void> {
    await this.db.insert(speechTexts).values(row);
  }
}
