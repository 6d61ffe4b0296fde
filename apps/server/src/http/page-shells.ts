import { ROUTE_PRELOADS_FILE, type RoutePreload, type RoutePreloads } from '@sfm/protocol';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compressors, type Encoding } from './compression.ts';

/** A page's HTML as sent: as it is, and in an encoding a browser may take (made once, when first asked). */
export interface PageShell {
  identity: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

function pageShell(html: string): PageShell {
  const identity = Buffer.from(html);
  const made = new Map<Encoding, Promise<Buffer>>();
  return {
    identity,
    encoded: (encoding) => {
      let compressed = made.get(encoding);
      if (!compressed) {
        compressed = compressors[encoding](identity);
        made.set(encoding, compressed);
      }
      return compressed;
    },
  };
}

const ASSET_URL = /^\/assets\/[\w.-]+\.(js|css)$/;
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** index.html naming a route's own files before `</head>`, for the browser to fetch beside the entry's. */
export function withPreloads(html: string, preload: RoutePreload): string {
  const links = [
    ...preload.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...preload.css.map((href) => `<link rel="preload" as="style" href="${escapeAttribute(href)}">`),
  ];
  if (links.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `${links.join('')}</head>`);
}

function readTable(distDir: string): RoutePreloads {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return {};
  const table = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  // only the build's own asset URLs make it into a page
  const assets = (urls: unknown) =>
    Array.isArray(urls) ? urls.filter((u) => ASSET_URL.test(String(u))) : [];
  return Object.fromEntries(
    Object.entries(table).map(([route, entry]) => [route, { js: assets(entry.js), css: assets(entry.css) }]),
  );
}

/**
 * The app's HTML for each route of the build's table, made at start (a few KB each, no compression
 * yet: that waits for the first visit of each, off the main thread). A route outside the table (or
 * a build without one) gets none: the plain index.html is served from disk.
 */
export function loadPageShells(distDir: string): Map<string, PageShell> {
  const shells = new Map<string, PageShell>();
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return shells;
  const html = readFileSync(index, 'utf8');
  for (const [route, preload] of Object.entries(readTable(distDir))) {
    shells.set(route, pageShell(withPreloads(html, preload)));
  }
  return shells;
}
