import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { endpointRoutesPlugin } from './build/endpoint-routes.ts';

export default defineConfig({
  plugins: [react(), endpointRoutesPlugin()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // build/: the build's own plugins and scripts
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
