/**
 * Where the shared test photos live (never copied into the repo): FIXTURES_DIR, by default
 * `../shared/fixtures` relative to the repository root. Used by tests and the vision bench.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export function fixturesDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(repoRoot, env.FIXTURES_DIR ?? '../shared/fixtures');
}

/** Null when the fixtures are present, else the reason tests skip. */
export function fixturesMissingReason(dir = fixturesDir()): string | null {
  return existsSync(path.join(dir, 'GROUND_TRUTH.json'))
    ? null
    : `fixtures not found at ${dir} (set FIXTURES_DIR to the shared fixtures folder)`;
}

export interface GroundTruthItem {
  file: string;
  kind: 'scene' | 'text' | 'speech' | string;
  must_mention_zh?: string[];
  must_read?: string[];
  expected_text?: string;
  dangerous_scene?: boolean;
}
