import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // one embedded PostgreSQL for the whole run; each test file gets its own database from a template
    globalSetup: ['src/test/global-setup.ts'],
    // a file reuses the modules earlier files loaded in its worker: half the time, and every
    // server test builds its own app, database and clock, so nothing else carries over
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
