import { DEFAULT_POINTS_RULES, PointsRules } from '@sfm/protocol/points';
import { AppError } from '../../app-error.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Clock } from '../../security/clock.ts';
import { RulesRepo } from './rules-repo.ts';

export interface VersionedRules {
  version: number;
  rules: PointsRules;
}

/** How long a node keeps the rules before asking again: an admin's change reaches every node within it. */
const CACHE_MS = 5_000;

/**
 * The current points rules. Version 1 is the built-in defaults, written at the first read of a
 * fresh database; every admin change adds the next version (the ledger records which one priced
 * each entry). Cached briefly: metering every analysis must not cost a query for the rules.
 */
export class PointsRulesStore {
  private cached: { value: VersionedRules; until: number } | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async current(): Promise<VersionedRules> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value = await this.read(new RulesRepo(this.db));
    this.cached = { value, until: now + CACHE_MS };
    return value;
  }

  /** The rules as `executor` sees them (inside a transaction: no cache). */
  async read(repo: RulesRepo): Promise<VersionedRules> {
    let row = await repo.latest();
    if (!row) {
      // concurrent first reads may all try; the primary key keeps one version 1
      await repo.insert({ version: 1, adminId: null, rules: DEFAULT_POINTS_RULES, createdAt: this.clock() });
      row = await repo.latest();
      if (!row) throw new Error('points rules missing after writing the defaults');
    }
    return { version: row.version, rules: PointsRules.parse(row.rules) };
  }

  /** Writes the next version (in the caller's transaction: the admin change and its audit row). */
  async replace(
    tx: Executor,
    rules: PointsRules,
    adminId: string,
  ): Promise<{ before: VersionedRules; after: VersionedRules }> {
    const repo = new RulesRepo(tx);
    const before = await this.read(repo);
    const after = { version: before.version + 1, rules };
    const written = await repo.insert({ ...after, adminId, createdAt: this.clock() });
    // two admins saving at once: the second must look again rather than overwrite blindly
    if (!written) throw new AppError(409, 'errors.points_config_conflict');
    this.cached = undefined;
    return { before, after };
  }
}
