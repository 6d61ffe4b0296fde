import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@sfm/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
/** The build's table of each route's own files (apps/web/build/route-preloads.ts). */
const PRELOADS: RoutePreloads = {
  '/see-for-me': {
    js: ['/assets/see-for-me-page-abc.js', '/assets/zod-abc.js'],
    css: ['/assets/see-for-me-page-abc.css'],
  },
  // a table is read, not trusted: only the build's own asset URLs reach a page
  '/profile': { js: ['https://elsewhere.example/x.js', '/assets/"><script>.js'], css: [] },
};
const SCRIPT = `console.log(${JSON.stringify('帮我看看 '.repeat(200))});`;
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** A built web app as the build leaves it: text files with their .br and .gz copies. */
function writeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sfm-web-app-'));
  mkdirSync(path.join(dir, 'assets/audio'), { recursive: true });
  const withCopies = (file: string, text: string) => {
    writeFileSync(path.join(dir, file), text);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  withCopies('index.html', INDEX);
  withCopies('assets/index-abc123.js', SCRIPT);
  withCopies('sw.js', SCRIPT);
  writeFileSync(path.join(dir, 'assets/tiny-abc123.js'), 'export {};');
  writeFileSync(path.join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
  writeFileSync(path.join(dir, 'assets/audio/dong.mp3'), Buffer.alloc(64));
  return dir;
}

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = writeDist();
  app = Fastify();
  await registerWebApp(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('serving the built web app', () => {
  it('sends the brotli copy of a hashed script to a browser that takes it, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(LONG_CACHE);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves a file the build left uncompressed (too small to gain) as it is', async () => {
    const res = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};');
  });

  it('sends the HTML shell compressed and never cached without asking, at / and at client routes', async () => {
    for (const url of ['/', '/market/use/1?x=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(INDEX);
    }
  });

  it("names a route's own code and styles in its HTML, so they load beside the entry's", async () => {
    const br = await get('/see-for-me?mode=reading', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    const html = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(html).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/see-for-me-page-abc.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/zod-abc.js">' +
          '<link rel="preload" as="style" href="/assets/see-for-me-page-abc.css"></head>',
      ),
    );
    expect(gunzipSync((await get('/see-for-me', 'gzip')).rawPayload).toString('utf8')).toBe(html);
    expect((await get('/see-for-me')).body).toBe(html);
  });

  it('names nothing that is not one of the build’s assets', async () => {
    expect((await get('/profile')).body).toBe(INDEX);
  });

  it('revalidates the service worker script on every visit', async () => {
    const res = await get('/sw.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a 404, never with the HTML shell', async () => {
    const res = await get('/assets/gone-123.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
