import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    // test/: the suites that cross the whole server (hostile input, faults, two nodes)
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // one embedded PostgreSQL for the whole run; each test file gets its own database from a template
    globalSetup: ['test/harness/global-setup.ts'],
    // a file reuses the modules earlier files loaded in its worker: half the time, and every
    // server test builds its own app, database and clock, so nothing else carries over
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
