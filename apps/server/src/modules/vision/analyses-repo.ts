import type { Executor } from '../../db/database.ts';
import { RELAXED_COMMIT } from '../../db/relaxed-commit.ts';
import { analyses } from '../../db/core-schema.ts';

export type NewAnalysis = typeof analyses.$inferInsert;

/** One row per analysis, what the back office counts (the photo itself expires; this row stays). */
export class AnalysesRepo {
  constructor(private readonly db: Executor) {}

  /** Relaxed: a statistic, which no answer waits on a disk flush for. */
  async insert(row: NewAnalysis): Promise<void> {
    await this.db.insert(analyses).values(row).returning(RELAXED_COMMIT);
  }
}
