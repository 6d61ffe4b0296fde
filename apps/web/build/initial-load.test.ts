import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@sfm/protocol';
import { describe, expect, it } from 'vitest';
import { chunksFromManifest, initialLoad, type ManifestChunk } from './bundle-report.ts';

const dist = resolve(import.meta.dirname, '../dist');
const manifestFile = resolve(dist, '.vite/manifest.json');

/**
 * Issue 19: a first visit to the camera page downloads at most this much JavaScript (gzip) before
 * the page can show (about 144 KB since the router is wouter: react-dom alone is 63 KB). Raised
 * from 150 to 152 with issue 30 (150.9 KB measured): the camera page now also knows, before it asks
 * anyone to speak, which recognizer can hear here, down to the single-shot recorder. Loading that
 * recorder on demand was tried and made the first visit larger (the chunks it shares were split
 * out); the privacy dialog was moved out of the first download instead (-0.5 KB). Raised to 153
 * with the rest of issue 30 (151.1 → 152.3 KB measured): the speech layer's spec rules (no text
 * waits more than 2 s for the cloud voice, dialogue finals joined, 5 reconnects and a microphone
 * check: +0.8 KB) and the spec's storage key aliases read at start (+0.3 KB). Raised to 155 with
 * issues 33–34 (153.05 KB measured): the camera page runs the live channels itself (the live run,
 * frame print, tone player and controls) and its registry names the eight channels; each channel's
 * own code and models load only when its mode opens.
 */
const SEE_FOR_ME_BUDGET_KB = 155;

// reads the build `npm test` makes before the unit tests run (npm run build)
describe('the built web app', () => {
  it(`sends /see-for-me at most ${SEE_FOR_ME_BUDGET_KB} KB of JavaScript (gzip) before it shows`, () => {
    if (!existsSync(manifestFile))
      throw new Error(`no build manifest in ${dist}: run \`npm run build\` first`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const chunks = chunksFromManifest(manifest, (file) => readFileSync(resolve(dist, file), 'utf8'));
    const load = initialLoad(chunks, 'see-for-me-page.tsx');
    expect(load.chunks.length).toBeGreaterThan(3);
    expect(load.gzipBytes / 1024).toBeLessThanOrEqual(SEE_FOR_ME_BUDGET_KB);
    // zod (the vendor chunk of vite.config.ts) loads with the first answer to check, not before
    expect(load.chunks.map((c) => c.fileName).filter((name) => /\/zod-[\w-]+\.js$/.test(name))).toEqual([]);
    expect(chunks.some((c) => /\/zod-[\w-]+\.js$/.test(c.fileName))).toBe(true);
  });

  it("names, for each page's route, only files the build wrote: the page's code, styles and the schemas", () => {
    const table = JSON.parse(readFileSync(resolve(dist, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
    const named = Object.values(table).flatMap((entry) => [...entry.js, ...entry.css]);
    expect(named.filter((url) => !existsSync(resolve(dist, `.${url}`)))).toEqual([]);
    const seeForMe = table['/see-for-me']?.js ?? [];
    expect(seeForMe.some((url) => /\/see-for-me-page-[\w-]+\.js$/.test(url))).toBe(true);
    // the app start checks its first answers with the schemas: they come with every page
    expect(seeForMe.some((url) => /\/zod-[\w-]+\.js$/.test(url))).toBe(true);
  });
});
