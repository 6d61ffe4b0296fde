import type { Executor } from '../../db/database.ts';
import { analyses } from '../../db/schema.ts';

export type NewAnalysis = typeof analyses.$inferInsert;

/** One row per analysis, what the back office counts (the photo itself expires; this row stays). */
export class AnalysesRepo {
  constructor(private readonly db: Executor) {}

  async insert(row: NewAnalysis): Promise<void> {
    await this.db.insert(analyses).values(row);
  }
}
