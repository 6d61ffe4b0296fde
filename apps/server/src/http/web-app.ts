import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from './compression.ts';
import { notFoundError, sendError } from './error-handler.ts';
import { loadPageShells } from './page-shells.ts';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  'The web app is not built yet. Run `npm run build` in the repository root, then restart the server.\n';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
const isPageRequest = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !isApi(request.url);

/**
 * Serves the built web app. Hashed files under /assets/ are cached for a year; everything else
 * (index.html, sw.js, manifest) is revalidated so a deploy is seen at once. The build writes a
 * brotli and a gzip copy beside each text file (x.js.br, x.js.gz): the one the browser accepts is
 * sent, with its content-encoding, and `vary: accept-encoding` tells caches the answer depends on
 * it. Any other GET outside /api is a client-side route and gets index.html (SPA fallback); /api
 * misses get the JSON 404. A route the build knows the page of gets index.html naming that page's
 * files too (page-shells.ts), so its first visit fetches them at once.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  const shells = loadPageShells(distDir);
  if (!built) app.log.warn({ distDir }, 'web app not built: run `npm run build`; serving API only');
  else {
    await app.register(fastifyStatic, {
      root: distDir,
      cacheControl: false,
      preCompressed: true,
      // "/" is a route like the others (its shell names the home page's files)
      allowedPath: (pathName) => pathName !== '/',
      setHeaders: (res, filePath) => {
        const relative = path.relative(distDir, filePath);
        res.setHeader('Cache-Control', relative.startsWith(`assets${path.sep}`) ? LONG_CACHE : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPageRequest(request)) return sendError(request, reply, notFoundError());
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    // a missing hashed asset is a real 404: answering index.html would hand HTML to a <script>
    if (request.url.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found\n');
    reply.header('Cache-Control', 'no-cache');
    const shell = shells.get(request.url.split('?')[0] ?? '');
    if (!shell) return reply.sendFile('index.html');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? await shell.encoded(encoding) : shell.identity);
  });
}
