import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // a worker per core (vitest's default leaves one free): the unit tests spend much of their time
    // waiting on PostgreSQL, so the second core has room; the browser suites stay one at a time
    maxWorkers: availableParallelism(),
    // Test files run in a new random order each time, so a file that leans on what an earlier one
    // left behind (a store, a module's cache, a timer) fails here rather than by chance on a later
    // machine. The seed is printed at the top of the run; `npx vitest run --sequence.seed=<seed>`
    // replays that order. Within a file the tests keep their written order: a server test file is
    // one story on one app and database (register, then log in, then ban…). Vitest applies this to
    // every project alike (it is not a per-project setting).
    sequence: { shuffle: { files: true, tests: false } },
    projects: [
      'packages/protocol',
      'packages/ocr',
      'apps/server',
      'apps/web',
      'apps/web/vitest.fresh.config.ts',
      'e2e',
      'e2e/vitest.timed.config.ts',
      'eslint-rules',
      'scripts',
    ],
  },
});
