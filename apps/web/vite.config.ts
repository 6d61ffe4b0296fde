import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.SFM_DEV_API ?? 'http://localhost:3000';

/**
 * In the native build, `x.native.ts` beside one of our `x.ts` files replaces it (Jitsi's platform
 * variants): what the native app must not have is then not even in its module graph, where a
 * constant that merely makes it dead code would still leave its lazy chunks in the output.
 */
function nativeVariants(): Plugin {
  return {
    name: 'native-variants',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.id.includes('/node_modules/')) return null;
      const variant = resolved.id.replace(/\.(tsx?)$/, '.native.$1');
      return variant !== resolved.id && existsSync(variant) ? variant : null;
    },
  };
}

// `vite build --mode native` (npm run build:native) builds the Capacitor shell's web assets into native/dist.
export default defineConfig(({ mode }) => ({
  root,
  plugins: [react(), ...(mode === 'native' ? [nativeVariants()] : [])],
  // zod (the shared contract), react-dom and react-router dominate the app's first chunks
  build: {
    outDir: mode === 'native' ? 'native/dist' : 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, changeOrigin: true, ws: true },
    },
  },
}));
