import react from '@vitejs/plugin-react';
import type { ViteUserConfig } from 'vitest/config';
import { endpointRoutesPlugin } from './build/endpoint-routes.ts';
import { MODEL_ALIASES } from './build/model-aliases.ts';

/**
 * The web tests run without module isolation (a file reuses the modules earlier files loaded in
 * its worker: about a quarter of the time). These files cannot: they replace modules with
 * `vi.mock`, or test what a module does on its first load (a cache, a lazily loaded language), so
 * they run isolated in the `web-fresh` project. A new test that does either belongs here.
 */
export const FRESH_MODULE_TESTS = [
  'src/platform/platform.test.ts',
  'src/i18n/index.test.ts',
  'src/features/info/contact-us.test.tsx',
  'src/features/profile/avatar-field.test.tsx',
  'src/features/speech/speech-socket.test.ts',
  'src/features/settings/operation-settings-page.test.tsx',
  'src/features/speech-debug/speech-debug-page.test.tsx',
  'src/features/speech/speech-preferences.test.ts',
  'src/app/app-start.test.ts',
  'src/features/calls/admin/calls-dashboard-panel.test.tsx',
  'src/features/calls/call-pages.test.tsx',
  'src/features/see-for-me/use-live-questions.test.tsx',
];

/** What both web projects share: React, the model aliases, jsdom and the setup file. */
export function webTestConfig(test: NonNullable<ViteUserConfig['test']>): ViteUserConfig {
  return {
    plugins: [react(), endpointRoutesPlugin()],
    resolve: { alias: MODEL_ALIASES },
    test: {
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      restoreMocks: true,
      // above the 5 s wait of findBy/waitFor (vitest.setup.ts), so a slow render fails as itself
      testTimeout: 15_000,
      unstubGlobals: true,
      ...test,
    },
  };
}
