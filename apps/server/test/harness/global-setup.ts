import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool, withDatabase } from '../../src/db/connect.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';

const TEMPLATE_DATABASE = 'sfm_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance URL (database `postgres`) of the run's embedded PostgreSQL. */
    embeddedPostgresUrl: string;
    templateDatabase: string;
  }
}

/** Starts one embedded PostgreSQL for the run and migrates a template database once. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sfm-test-pg-'));
  const logger = createLogger('silent');
  const cluster = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    passwordFile: path.join(dir, 'pg-password'),
    ownerLockFile: path.join(dir, 'pg-owner.json'),
    port: 0,
    logger,
  }).catch(async (err: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw err;
  });
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const pool = createPool(withDatabase(cluster.url, TEMPLATE_DATABASE), logger);
    await runMigrations(pool);
    await pool.end();
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  project.provide('embeddedPostgresUrl', cluster.url);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
