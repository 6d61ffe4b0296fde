import { sql } from 'drizzle-orm';

/**
 * `SET LOCAL synchronous_commit = off` as a column a statement returns: the transaction around it
 * (or the statement alone, outside one) commits without waiting for the WAL flush, and without a
 * round trip of its own. For writes a crash may lose the last moment of, never anything acknowledged
 * as money or an account: ledger holds, rate-limit counts, usage statistics.
 */
export const RELAXED_COMMIT = { relaxed: sql<string>`set_config('synchronous_commit', 'off', true)` };
