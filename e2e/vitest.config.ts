import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    // plus the support code's own unit tests
    include: ['**/*.e2e.ts', 'support/**/*.test.ts'],
    // every server of the run starts from one initialised, migrated data folder
    globalSetup: ['support/data-template.ts'],
    exclude: ['node_modules/**'],
    // One real browser and one server per file: two cores cannot run more side by side.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // a page waits on a real server that shares the two cores: vitest's 1 s is too short on a slow machine
    expect: { poll: { timeout: 10_000 } },
  },
});
