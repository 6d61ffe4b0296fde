import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
/**
 * The pool as the repos query it: with the query builder over the tables they import from the
 * db/*-schema.ts file that declares them, so the client is given no schema object (that is only
 * for drizzle's relational `db.query.*`, which nothing uses) and no file has to list every table.
 */
export type Database = NodePgDatabase;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repo query runs on: the pool, or an open transaction. */
export type Executor = Database | Transaction;

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids reach repos from token subjects; a non-uuid must mean "no such row", not a SQL error. */
export const isUuid = (value: string): boolean => UUID.test(value);
