import { defineConfig } from 'vitest/config';
import { e2eTestConfig, TIMED_SUITES } from './vitest.shared.ts';

/** The browser suites that time the page (vitest.shared.ts says which and why): one at a time, last. */
export default defineConfig(
  e2eTestConfig({ name: 'e2e-timed', include: TIMED_SUITES, fileParallelism: false }),
);
