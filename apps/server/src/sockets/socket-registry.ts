import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';

/** A feature's socket.io namespaces: set up when the server attaches socket.io, closed before it stops. */
export interface SocketModule {
  name: string;
  setup(io: Server): void;
  /** Resolves when the module's engines are warm (work arriving earlier just waits longer). */
  ready?(): Promise<void>;
  /** Ends the module's own work (running tasks); the sockets themselves are closed by the attachment. */
  close?(): Promise<void>;
}

const registry = new WeakMap<FastifyInstance, SocketModule[]>();

/** Called by a feature while the app is built (app.ts); attachSockets() later runs every setup. */
export function registerSocketModule(app: FastifyInstance, module: SocketModule): void {
  const modules = registry.get(app) ?? [];
  modules.push(module);
  registry.set(app, modules);
}

export function socketModulesOf(app: FastifyInstance): readonly SocketModule[] {
  return registry.get(app) ?? [];
}
