import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { endpointRoutesPlugin } from './build/endpoint-routes.ts';
import { inlineEntryCss } from './build/inline-css.ts';
import { loadingShell } from './build/loading-shell.ts';
import { MODEL_ALIASES } from './build/model-aliases.ts';
import { precacheScope } from './build/precache-scope.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { zodJitless } from './build/zod-jitless.ts';
import { en } from './src/i18n/en.ts';
import { zhCN } from './src/i18n/zh-CN.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.SFM_DEV_API ?? 'http://localhost:3000';

/** A feature's part of the back office (its manifest's `backOffice`). */
const FEATURE_BACK_OFFICE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]back-office\.ts$/;

/**
 * In the native build, `x.native.ts` beside one of our `x.ts` files replaces it (Jitsi's platform
 * variants), and every feature's back-office.ts is the one empty back office: what the native app
 * must not have is then not even in its module graph, where a constant that merely makes it dead
 * code would still leave its lazy chunks in the output.
 */
function nativeVariants(): Plugin {
  const noBackOffice = fileURLToPath(new URL('src/back-office/back-office.native.ts', import.meta.url));
  return {
    name: 'native-variants',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.id.includes('/node_modules/')) return null;
      if (FEATURE_BACK_OFFICE.test(resolved.id)) return noBackOffice;
      const variant = resolved.id.replace(/\.(tsx?)$/, '.native.$1');
      return variant !== resolved.id && existsSync(variant) ? variant : null;
    },
  };
}

const THEME_COLOR = '#0b57d0';

/**
 * The detector's models and wasm, precached (6.4 MB once per install, and its worker's 1.5 MB of
 * code as every .js is; fetched by the service worker after the page has loaded, so nothing is
 * added to the first load): 寻物 and 周围的人 then work offline from the first visit on, as their
 * issue asks, without the user having opened either mode while online. (The OCR's 27 MB stay
 * out: its worker keeps them after their first use.)
 */
const DETECTOR_PRECACHE = [
  'assets/{centernet,blazeface,emotion}-*.{json,bin}',
  'assets/tfjs-backend-wasm*.wasm',
];
/**
 * Human's second copy, for a browser that cannot start a module worker (the detector then runs on
 * the page, detector-client.ts): such a browser is rare, and its 1.5 MB is not worth every install.
 */
const DETECTOR_PAGE_COPY = 'assets/human.esm-*.js';
/** 条码's decoder (946 KB), precached like the detector: the mode works offline from the first visit. */
const BARCODE_PRECACHE = 'assets/zxing_reader-*.wasm';
/** CenterNet's weights (4 MB) are above workbox's 2 MB default. */
const PRECACHE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The installable web app: its manifest, and a service worker that precaches the shell, the user
 * app's pages and the sounds, so the app starts at once and offline. It answers navigations with
 * the shell, and precached files only: API answers, sockets, photos and tokens never pass through a
 * cache (no runtime caching at all). A new version takes over at once and the page reloads after
 * 1 s (app/service-worker.ts: the spec's silent web update). The admin area stays out of the
 * precache: a phone never downloads the back office.
 */
function installableApp(): Plugin[] {
  // the back office, which app/admin-features.ts loads with what the features add to it (each
  // feature's back-office.ts, named lazily by its manifest), and its pages
  const scope = precacheScope(
    /[\\/]src[\\/](features[\\/]admin[\\/]|features[\\/][^\\/]+[\\/]back-office\.ts$|app[\\/]admin-features\.ts$)/,
  );
  return [
    scope.plugin,
    ...VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      // the page registers it itself (app/service-worker.ts), after the load event
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: `${zhCN.app.name} · ${en.app.name}`,
        short_name: zhCN.app.name,
        description: zhCN.app.description,
        lang: 'zh-CN',
        start_url: '/see-for-me',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: [
          '**/*.{js,css,html,mp3}',
          'icons/apple-touch-icon.png',
          ...DETECTOR_PRECACHE,
          BARCODE_PRECACHE,
        ],
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
        globIgnores: ['sw-media-ranges.js', 'sw-push.js', DETECTOR_PAGE_COPY],
        manifestTransforms: [
          (entries) =>
            Promise.resolve({ manifest: entries.filter((e) => !scope.isLeftOut(e.url)), warnings: [] }),
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
        runtimeCaching: [],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        // first: byte ranges of the precached sounds (public/sw-media-ranges.js); then the rings
        // of volunteers off the page (public/sw-push.js)
        importScripts: ['/sw-media-ranges.js', '/sw-push.js'],
      },
      integration: {
        // a build that writes nothing (tests reading the output in memory) must not write sw.js
        configureOptions: (viteConfig, options) => {
          if (!viteConfig.build.write) options.disable = true;
        },
      },
    }),
  ];
}

/**
 * The libraries every page needs, each in a chunk of its own: they change far less often than the
 * app, so a new version of the app leaves them in the browser's cache, and they download side by
 * side. Earlier groups win a module they share with later ones.
 */
const VENDOR_CHUNKS: { name: string; test: RegExp }[] = [
  // wouter, the router, is a few KB: a chunk of its own would cost more than it saves
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/ },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  // the protocol's zod-free part the first page needs: apart from its schemas, which load later
  {
    name: 'protocol-plain',
    test: /[\\/]packages[\\/]protocol[\\/]src[\\/](plain\.ts|messages\.ts|messages[\\/](en|zh-CN)\.json)/,
  },
  {
    name: 'i18n',
    test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
  },
];

/**
 * The protocol's modules only declare (schemas, constants, tables; the back office's entry adds its
 * messages when imported): what a page does not use of them — above all the zod schemas, which keep
 * zod itself in — is left out of its chunk. The rest of the graph keeps the default.
 */
const protocolSideEffects = (id: string) =>
  /[\\/]packages[\\/]protocol[\\/]src[\\/]/.test(id) && !id.endsWith('admin-entry.ts') ? false : undefined;

// `vite build --mode native` (npm run build:native) builds the Capacitor shell's web assets into
// native/dist: no service worker (the shell's files are on the phone) and no precompressed copies.
export default defineConfig(({ mode }) => ({
  root,
  resolve: { alias: MODEL_ALIASES },
  plugins: [
    react(),
    endpointRoutesPlugin(),
    zodJitless(),
    loadingShell(zhCN.app.loading),
    ...(mode === 'native'
      ? [nativeVariants()]
      : [
          ...installableApp(),
          inlineEntryCss(),
          routePreloads(['@sfm/protocol', '@sfm/protocol/gathered']),
          precompress(),
        ]),
  ],
  build: {
    outDir: mode === 'native' ? 'native/dist' : 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunks and their static imports, for the first-download budget
    // test (build/initial-load.test.ts); not precached, not linked from the app
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: { moduleSideEffects: protocolSideEffects },
      output: {
        codeSplitting: {
          groups: VENDOR_CHUNKS.map((group, i) => ({ ...group, priority: VENDOR_CHUNKS.length - i })),
        },
      },
    },
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
