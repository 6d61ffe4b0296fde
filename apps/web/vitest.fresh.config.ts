import { defineConfig } from 'vitest/config';
import { FRESH_MODULE_TESTS, webTestConfig } from './vitest.shared.ts';

/** The web tests that need their modules fresh (vitest.shared.ts says which and why). */
export default defineConfig(webTestConfig({ name: 'web-fresh', include: FRESH_MODULE_TESTS }));
