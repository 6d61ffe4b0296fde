/**
 * `npm run analyze -w @sfm/web [-- <page module>]`: builds the web app into a throw-away folder (the
 * served dist/ is left alone) and prints what a first visit to a page downloads: the initial
 * chunks and the packages and files that weigh most in them, gzip. Default page: /see-for-me.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { initialLoad, type ChunkInfo } from './bundle-report.ts';

const TOP = 25;
const pageModule = process.argv[2] ?? 'see-for-me-page.tsx';
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

const chunks: ChunkInfo[] = [];
const collect: Plugin = {
  name: 'collect-chunks',
  generateBundle(_options, bundle) {
    for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.push(item);
  },
};

const outDir = mkdtempSync(path.join(tmpdir(), 'sfm-analyze-'));
try {
  await build({
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    plugins: [collect],
  });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const load = initialLoad(chunks, pageModule);
console.log(`initial JavaScript for ${pageModule}: ${kb(load.gzipBytes).trim()} gzip`);
for (const chunk of load.chunks) console.log(`  ${kb(chunk.gzipBytes)}  ${chunk.fileName}`);
console.log(`largest parts (gzip, shared out by rendered size):`);
for (const share of load.modules.slice(0, TOP)) console.log(`  ${kb(share.gzipBytes)}  ${share.name}`);
