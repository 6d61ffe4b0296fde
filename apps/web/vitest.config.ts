import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, webTestConfig } from './vitest.shared.ts';

export default defineConfig(
  webTestConfig({
    name: 'web',
    // build/: the build's own plugins and scripts
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: ['node_modules/**', ...FRESH_MODULE_TESTS],
    isolate: false,
  }),
);
