import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { AppError } from '../app-error.ts';
import type { RedisAdapter } from './redis-adapter.ts';
import { SocketRouter, type SocketRouterDeps } from './socket-router.ts';

export interface AttachedSockets {
  io: Server;
  /** Resolves when every namespace's engines are warm. */
  ready(): Promise<void>;
  /** Tells every client of this node why its connection is about to close (see SocketRouter.farewell). */
  farewell(error: AppError): void;
  /** Disconnects every socket; the HTTP server is left to Fastify. */
  close(): Promise<void>;
}

const routers = new WeakMap<FastifyInstance, SocketRouter>();

/** The app's socket router (app.ts makes it; modules register their namespaces on it). */
export function createSocketRouter(app: FastifyInstance, deps: SocketRouterDeps): SocketRouter {
  const router = new SocketRouter(deps);
  routers.set(app, router);
  return router;
}

export interface AttachSocketsOptions {
  /** The same list as CORS_ORIGINS: other origins may not open a socket (none: same origin only). */
  corsOrigins: string[];
  /** With REDIS_URL: rooms shared by every node (closed with the sockets). */
  redis?: RedisAdapter;
}

/**
 * A browser sends Origin on every socket.io request, websocket upgrades included, and websockets
 * are not covered by CORS: without this check any page could open a socket with the user's cookies.
 * Clients without an Origin (native apps, tests, the bench) are not browsers and pass.
 */
function originAllowed(request: IncomingMessage, corsOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Attaches socket.io (path /socket.io, websocket and polling) to the app's HTTP server and sets up
 * the namespaces the modules registered on its socket router while the app was built. Each
 * connection keeps its own state, so nodes can be scaled out behind a sticky balancer; rooms (a
 * call's members, its ringing volunteers) reach other nodes' sockets through the Redis adapter.
 */
export function attachSockets(app: FastifyInstance, options: AttachSocketsOptions): AttachedSockets {
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    maxHttpBufferSize: 2 * 1024 * 1024,
    ...(options.corsOrigins.length > 0 && { cors: { origin: options.corsOrigins } }),
    allowRequest: (request, callback) => callback(null, originAllowed(request, options.corsOrigins)),
    ...(options.redis && { adapter: options.redis.adapter }),
  });
  const router = routers.get(app);
  if (!router) throw new Error('attachSockets needs an app built by buildApp');
  const redis = options.redis;
  const { ready } = router.attach(io, redis ? { othersReachable: () => redis.connected() } : {});
  const close = async () => {
    io.disconnectSockets(true);
    io.engine.close();
    await options.redis?.close();
  };
  // open websockets would keep the HTTP server's close() waiting: they go first. An app already
  // started (a test harness) takes no more hooks; its owner calls close() itself.
  try {
    app.addHook('preClose', close);
  } catch {
    // already started
  }
  return { io, ready, farewell: (error) => router.farewell(error), close };
}
