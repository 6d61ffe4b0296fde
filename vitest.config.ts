import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // a worker per core (vitest's default leaves one free): the unit tests spend much of their time
    // waiting on PostgreSQL, so the second core has room; the browser suites stay one at a time
    maxWorkers: availableParallelism(),
    projects: [
      'packages/protocol',
      'apps/server',
      'apps/web',
      'apps/web/vitest.fresh.config.ts',
      'e2e',
      'eslint-rules',
    ],
  },
});
