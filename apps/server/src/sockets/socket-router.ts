import { translateMessage } from '@sfm/protocol';
import type { Logger } from 'pino';
import type { Namespace, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../app-error.ts';
import { nulTextPath } from '../http/nul-text.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { authenticate, contextOf, type Guard, type HandshakeDeps } from './handshake.ts';
import { clientOf } from './socket-client.ts';
import type { ClientIdentity, EventSchemas, SocketIdentity, SocketNamespace } from './socket-namespace.ts';

/** The room every connection of one user is in, whatever the namespace. */
const userRoom = (userId: string) => `user:${userId}`;

export interface SocketRouterDeps extends HandshakeDeps {
  limiter: RateLimiter;
  logger: Logger;
}

interface Registered {
  setUp(io: Server): void;
  label: string;
  warmUp?(): Promise<void>;
}

/**
 * Every socket namespace goes through here, as every HTTP endpoint goes through the Router:
 * identity from the handshake, payloads checked against the protocol, rate limits per user or
 * device, failures turned into the spec's error events, and no handler able to bring the
 * process down. A module writes its namespace against socket-namespace.ts; the handshake is
 * handshake.ts's, what a handler sees of its client socket-client.ts's.
 */
export class SocketRouter {
  private readonly registered: Registered[] = [];
  /** The namespaces once attached, for what concerns a user everywhere (a ban). */
  private readonly namespaces: Namespace[] = [];

  constructor(private readonly deps: SocketRouterDeps) {}

  /**
   * Whether rooms reach the sockets of the other nodes now: always on a single node, and with the
   * Redis adapter while its connection is up.
   */
  othersReachable: () => boolean = () => true;

  namespace<S extends EventSchemas, I extends ClientIdentity = SocketIdentity>(
    definition: SocketNamespace<S, I>,
  ): void {
    this.registered.push({
      label: definition.label,
      warmUp: definition.warmUp,
      setUp: (io) => {
        const nsp = io.of(definition.path);
        this.namespaces.push(nsp);
        const access = definition.access ?? 'identity';
        const guards = (definition.guards ?? []) as Guard[];
        nsp.use((socket, next) => void authenticate(socket, next, this.deps, access, guards));
        nsp.on('connection', (socket) => this.connected(socket, definition));
        definition.attached?.({
          emit: (rooms, event, data, except) => {
            const to = nsp.to(rooms);
            void (except ? to.except(except) : to).emit(event, data);
          },
          // the Redis adapter applies a join or leave on every node, this one included, only once its
          // message comes back from Redis: this node's own sockets are moved at once, so that they
          // keep working (and without delay) whatever Redis does
          join: (target, room) => {
            nsp.local.in(target).socketsJoin(room);
            nsp.in(target).socketsJoin(room);
          },
          clear: (room) => {
            nsp.local.in(room).socketsLeave(room);
            nsp.in(room).socketsLeave(room);
          },
        });
      },
    });
  }

  /**
   * Sets up every namespace on socket.io and starts warming their engines in the background;
   * `ready()` resolves once they are warm (work arriving earlier just waits longer).
   */
  attach(io: Server, options: { othersReachable?: () => boolean } = {}): { ready(): Promise<void> } {
    const { logger } = this.deps;
    if (options.othersReachable) this.othersReachable = options.othersReachable;
    for (const namespace of this.registered) {
      namespace.setUp(io);
      void namespace
        .warmUp?.()
        .catch((err: unknown) => logger.error({ err }, `${namespace.label} warm-up failed`));
    }
    return {
      ready: async () => {
        await Promise.all(this.registered.map((n) => n.warmUp?.() ?? Promise.resolve()));
      },
    };
  }

  /**
   * Closes every socket of this user in every namespace, on every node (through the adapter): a
   * banned or deleted account must not keep a connection it opened before.
   */
  disconnectUser(userId: string): void {
    for (const nsp of this.namespaces) {
      // this node's at once (see join above), every other node's through the adapter
      nsp.local.in(userRoom(userId)).disconnectSockets(true);
      nsp.in(userRoom(userId)).disconnectSockets(true);
    }
  }

  /**
   * Tells every client connected to this node, in its language, why its connection is about to
   * close (the server is stopping): a speech stream cut off without a word would leave a blind
   * user guessing. The `error {message}` event every namespace already speaks.
   */
  farewell(error: AppError): void {
    for (const nsp of this.namespaces) {
      for (const socket of nsp.sockets.values()) {
        const { locale } = contextOf(socket);
        socket.emit('error', { message: translateMessage(error.key, locale, error.params) });
      }
    }
  }

  private connected<S extends EventSchemas, I extends ClientIdentity>(
    socket: Socket,
    definition: SocketNamespace<S, I>,
  ): void {
    const { logger } = this.deps;
    const client = clientOf<I>(socket, definition.label, this.deps);
    const { identity } = contextOf(socket);
    if (identity.kind === 'user') void socket.join(userRoom(identity.userId));
    const connection = definition.connect(client);
    const dropped = new Set<keyof S>(definition.dropMalformed ?? []);
    const failed = (err: unknown) => {
      if (err instanceof AppError) client.fail(err);
      // the database restarting: the user hears so (and retries), the log gets one line, no stack
      else if (isDatabaseUnavailable(err)) {
        logger.warn({ reason: (err as Error).message }, `${definition.label}: database unavailable`);
        client.fail(databaseUnavailable());
      } else logger.error({ err }, `${definition.label} socket handler failed`);
    };
    for (const event of Object.keys(definition.events) as (keyof S & string)[]) {
      const schema = definition.events[event] as S[typeof event];
      const handler = connection.on[event];
      socket.on(event as string, (payload: unknown) => {
        // an event sent without a payload is an empty one
        const parsed = schema.safeParse(payload ?? {});
        // a NUL in a string is malformed too: the database could not store it (see nulTextPath)
        if (!parsed.success || nulTextPath(parsed.data) !== null) {
          if (!dropped.has(event)) client.fail(new AppError(400, 'errors.validation'));
          return;
        }
        try {
          void Promise.resolve(handler(parsed.data as z.output<S[typeof event]>)).catch(failed);
        } catch (err) {
          failed(err);
        }
      });
    }
    socket.on('disconnect', (reason) => connection.disconnect?.(reason));
  }
}
