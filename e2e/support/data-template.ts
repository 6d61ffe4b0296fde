import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, waitUntilReady } from './server.ts';

/** Where the run's template data folder is, for `startServer` in the test workers. */
export const DATA_TEMPLATE_ENV = 'SFM_E2E_DATA_TEMPLATE';

/**
 * Global setup of the browser suites: one server starts in a fresh folder and stops cleanly, and
 * its folder (an initialised, migrated PostgreSQL cluster and the generated secrets) becomes the
 * template every later server starts from. A fresh start spends most of its seconds in initdb and
 * the migrations; each suite would pay them again for the same empty database.
 */
export default async function setup(): Promise<() => void> {
  // both browser projects name this setup: the second finds the first's template
  const made = process.env[DATA_TEMPLATE_ENV];
  if (made && existsSync(made)) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'sfm-e2e-template-'));
  const server = await startServer({}, dir);
  await waitUntilReady(server);
  await server.stop();
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Fills an empty data folder from the run's template, when there is one (a no-op outside the suites). */
export function seedDataDir(dataDir: string): void {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (!template || !existsSync(template)) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  // cp -a keeps the cluster's owner and modes (PostgreSQL runs as its own user under root)
  const copy = spawnSync('cp', ['-a', `${template}/.`, dataDir]);
  if (copy.status !== 0) throw new Error(`copying the data template failed: ${copy.stderr.toString()}`);
}
