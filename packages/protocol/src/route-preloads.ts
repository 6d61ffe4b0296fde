/**
 * What the web build and the server agree on for a first visit's preloads: the build writes the
 * table (apps/web/build/route-preloads.ts) beside index.html, the server reads it and names a
 * route's own files in that route's HTML (apps/server/src/http/page-shells.ts).
 */

/** The file's name in the web app's build output. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** What a first visit to one route needs beyond the entry's own files: its page's code and styles. */
export interface RoutePreload {
  js: string[];
  css: string[];
}

/** The file's content: each route's path (`/see-for-me`) and its preloads. */
export type RoutePreloads = Record<string, RoutePreload>;
