import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** A Host header as browsers send it (name or address, optional port): anything else names no socket. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The page's own host over ws: and wss:. CSP3 lets 'self' cover them, but older WebViews (the
 * Android app's, old Safari) do not, and a bare `ws: wss:` would let injected script talk to any
 * host: the page's own host is named instead.
 */
export function sameHostSockets(host: string | undefined): string {
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/** The sockets of the other origins allowed to call the API (CORS_ORIGINS): http → ws, https → wss. */
export function originSockets(origins: string[]): string[] {
  return origins.flatMap((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return [];
    return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  });
}

/**
 * Security headers. The CSP allows only the app's own scripts and styles, and the compiling of
 * WebAssembly ('wasm-unsafe-eval': the live channels' on-device engines — tfjs, zxing, onnxruntime —
 * are wasm; it allows no eval of JavaScript); media and images may
 * also come from blob:/data: (camera captures, streamed speech through MediaSource), and sockets
 * only to the page's own host and the configured origins. No upgrade-insecure-requests: the app is
 * also served over plain HTTP on a LAN.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'blob:', 'data:'],
        'media-src': ["'self'", 'blob:', 'data:'],
        'connect-src': [
          "'self'",
          (request: IncomingMessage) => sameHostSockets(request.headers.host),
          ...originSockets(corsOrigins),
        ],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  // Without CORS_ORIGINS there are no CORS headers at all: browsers then allow same-origin only.
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: corsOrigins,
      allowedHeaders: ['content-type', 'token', 'usertype', 'deviceid', 'authorization', 'accept-language'],
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    });
  }
}
