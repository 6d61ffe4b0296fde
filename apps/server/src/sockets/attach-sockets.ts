import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { socketModulesOf } from './socket-registry.ts';

export interface AttachedSockets {
  io: Server;
  /** Resolves when every module's engines are warm. */
  ready(): Promise<void>;
  /** Disconnects every socket and stops the modules' work; the HTTP server is left to Fastify. */
  close(): Promise<void>;
}

export interface AttachSocketsOptions {
  /** The same list as CORS_ORIGINS: other origins may not open a socket (none: same origin only). */
  corsOrigins: string[];
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
 * the namespaces the modules registered while the app was built. Each connection keeps its own
 * state; nothing is shared between sockets, so nodes can be scaled out behind a sticky balancer.
 */
export function attachSockets(app: FastifyInstance, options: AttachSocketsOptions): AttachedSockets {
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    maxHttpBufferSize: 2 * 1024 * 1024,
    ...(options.corsOrigins.length > 0 && { cors: { origin: options.corsOrigins } }),
    allowRequest: (request, callback) => callback(null, originAllowed(request, options.corsOrigins)),
  });
  const modules = socketModulesOf(app);
  for (const module of modules) module.setup(io);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled(modules.map((m) => m.close?.()));
    })();
    return closing;
  };
  // open websockets would keep the HTTP server's close() waiting: they go first. An app already
  // started (a test harness) takes no more hooks; its owner calls close() itself.
  try {
    app.addHook('preClose', close);
  } catch {
    // already started
  }
  const ready = async () => {
    await Promise.all(modules.map((m) => m.ready?.()));
  };
  return { io, ready, close };
}
