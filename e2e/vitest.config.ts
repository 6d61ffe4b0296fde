import { defineConfig } from 'vitest/config';
import { e2eTestConfig, TIMED_SUITES } from './vitest.shared.ts';

/**
 * The browser suites that run beside the unit tests and each other (two files at a time, one per
 * core: a suite spends half its time waiting on its page or server, so a second fills the gap).
 * Each has its own real browser and server.
 */
export default defineConfig(
  e2eTestConfig({
    name: 'e2e',
    // plus the support code's own unit tests
    include: ['**/*.e2e.ts', 'support/**/*.test.ts'],
    exclude: ['node_modules/**', ...TIMED_SUITES],
  }),
);
