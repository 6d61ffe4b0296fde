import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repo query runs on: the pool, or an open transaction. */
export type Executor = Database | Transaction;

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids reach repos from token subjects; a non-uuid must mean "no such row", not a SQL error. */
export const isUuid = (value: string): boolean => UUID.test(value);
