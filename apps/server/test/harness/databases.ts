import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { createPool, withDatabase } from '../../src/db/connect.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';

export interface TestDatabase {
  db: Database;
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

export type DatabaseTarget = 'embedded' | 'external';

/** The machine's own PostgreSQL for scale-out tests; unset on a newcomer's laptop. */
const externalDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** Both targets for repository tests; the external one is skipped, visibly, when not configured. */
const databaseTargets: { target: DatabaseTarget; title: string; skip: boolean }[] = [
  { target: 'embedded', title: 'embedded PostgreSQL', skip: false },
  {
    target: 'external',
    title: externalDatabaseUrl
      ? 'external PostgreSQL (TEST_DATABASE_URL)'
      : 'external PostgreSQL (skipped: TEST_DATABASE_URL not set)',
    skip: !externalDatabaseUrl,
  },
];

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated, uniquely named database for one test file. */
export async function createTestDatabase(target: DatabaseTarget = 'embedded'): Promise<TestDatabase> {
  const name = `sfm_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const logger = createLogger('silent');
  let serverUrl: string;
  if (target === 'embedded') {
    serverUrl = inject('embeddedPostgresUrl');
    await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  } else {
    if (!externalDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    serverUrl = externalDatabaseUrl;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
  }
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url, logger);
  if (target === 'external') await runMigrations(pool);
  return {
    db: drizzle({ client: pool }),
    url,
    drop: async () => {
      await pool.end();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Declares the suite once per database target (embedded, and external when TEST_DATABASE_URL is
 * set), each with its own fresh database; `database()` returns it inside tests.
 */
export function describeOnEachDatabase(name: string, suite: (database: () => Database) => void): void {
  for (const { target, title, skip } of databaseTargets) {
    describe.skipIf(skip)(`${name} on ${title}`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(target);
      });
      afterAll(() => current?.drop());
      suite(() => {
        if (!current) throw new Error('database not ready');
        return current.db;
      });
    });
  }
}
