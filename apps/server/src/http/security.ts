import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The CSP allows only the app's own scripts and styles; media and images may
 * also come from blob:/data: (camera captures, streamed speech through MediaSource) and sockets
 * from ws:/wss:. No upgrade-insecure-requests: the app is also served over plain HTTP on a LAN.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'blob:', 'data:'],
        'media-src': ["'self'", 'blob:', 'data:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
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
