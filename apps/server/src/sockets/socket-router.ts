import type { IncomingMessage } from 'node:http';
import { localeFromAcceptLanguage, SocketAuth, translateMessage, type Locale } from '@sfm/protocol';
import type { Logger } from 'pino';
import type { Namespace, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../app-error.ts';
import { nulTextPath } from '../http/nul-text.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import {
  rateLimitKey,
  type AdminIdentity,
  type DeviceIdentity,
  type IdentityResolver,
  type UserIdentity,
} from '../http/identity.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';

export type SocketIdentity = UserIdentity | DeviceIdentity;
/** Who a namespace's clients are: users and devices, or (an admin namespace) back-office admins. */
type ClientIdentity = SocketIdentity | AdminIdentity;

/** The room every connection of one user is in, whatever the namespace. */
const userRoom = (userId: string) => `user:${userId}`;

/** What a socket handler sees of its client: who it is and how to answer it, nothing of socket.io. */
export interface SocketClient<I extends ClientIdentity = SocketIdentity> {
  readonly identity: I;
  /** This connection's id, also the name of a room only it is in (on any node). */
  readonly id: string;
  /** False once the connection has gone (a handler still running may have outlived it). */
  readonly connected: boolean;
  /** Puts this connection in a room (see SocketRooms for reaching rooms). */
  join(room: string): void;
  leave(room: string): void;
  /** Whether this connection is in the room, however it got there (a join from another node too). */
  inRoom(room: string): boolean;
  emit(event: string, data: object): void;
  /** An error's catalogue text in the client's language, for events that carry a message. */
  message(error: AppError): string;
  /** The spec's `error {message}` event. */
  fail(error: AppError): void;
  /**
   * Counts one use against `bucket`'s per-minute limit for this user or device: null when
   * allowed, else the refusal (a 429 with the seconds to wait). A limiter outage lets the use
   * through (logged): a blind user's app must not fall silent because a counter is unreachable.
   */
  rateLimit(bucket: string, perMinute: number): Promise<AppError | null>;
}

type EventSchemas = Record<string, z.ZodType>;

/** One handler per client event of the protocol, given the payload its schema produced. */
export type SocketHandlers<S extends EventSchemas> = {
  [E in keyof S]: (payload: z.output<S[E]>) => void | Promise<void>;
};

export interface SocketConnection<S extends EventSchemas> {
  on: SocketHandlers<S>;
  /** The client left (or the server is closing); `reason` is socket.io's (e.g. 'ping timeout'). */
  disconnect?(reason: string): void;
}

/**
 * A namespace's rooms, for messages that do not answer one client (a timer, a call taken on another
 * node). With socket.io's Redis adapter these reach the sockets of every node.
 */
export interface SocketRooms {
  emit(rooms: string | string[], event: string, data: object, except?: string): void;
  /** Every connection in `target` (a room, or a connection's id) joins `room`. */
  join(target: string, room: string): void;
  /** Empties the room. */
  clear(room: string): void;
}

/** A socket.io namespace of a module (registered while the app is built). */
export interface SocketNamespace<S extends EventSchemas, I extends ClientIdentity = SocketIdentity> {
  path: string;
  /** Who may connect: users and devices (the default), users only, or admins with an admin token. */
  access?: I extends AdminIdentity ? 'admin' : I extends UserIdentity ? 'user' : 'identity';
  /** Names the namespace in logs. */
  label: string;
  /** The protocol's client events: each payload is checked against its schema before a handler sees it. */
  events: S;
  /** Events whose malformed payload is dropped unanswered; any other is answered with the validation error. */
  dropMalformed?: readonly (keyof S)[];
  /** Each client, once its identity is known: its handlers. */
  connect(client: SocketClient<I>): SocketConnection<S>;
  /** Hands the namespace its rooms once socket.io is attached. */
  attached?(rooms: SocketRooms): void;
  /** Warms the namespace's engines when the sockets are attached. */
  warmUp?(): Promise<void>;
  /**
   * Checks of a client before it connects, as an HTTP route's guards (a throw refuses the
   * connection with the catalogue's message): e.g. the devices a day per address.
   */
  guards?: ((client: { identity: I; ip: string }) => Promise<void>)[];
}

export interface SocketRouterDeps {
  identities: IdentityResolver;
  limiter: RateLimiter;
  logger: Logger;
  /** The client's address from the handshake request, read as TRUST_PROXY says (as HTTP reads it). */
  clientAddress(request: IncomingMessage): string;
}

interface ClientContext {
  identity: ClientIdentity;
  locale: Locale;
}

type Guard = (client: { identity: ClientIdentity; ip: string }) => Promise<void>;

interface Registered {
  setUp(io: Server): void;
  label: string;
  warmUp?(): Promise<void>;
}

/**
 * Every socket namespace goes through here, as every HTTP endpoint goes through the Router:
 * identity from the handshake, payloads checked against the protocol, rate limits per user or
 * device, failures turned into the spec's error events, and no handler able to bring the
 * process down.
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
        nsp.use((socket, next) => void this.authenticate(socket, next, access, guards));
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
        const { locale } = socket.data as ClientContext;
        socket.emit('error', { message: translateMessage(error.key, locale, error.params) });
      }
    }
  }

  /**
   * The handshake's auth `{token, deviceId, userType}` (spec §6) resolved like the HTTP identity
   * headers; a refusal is a connect error whose message is the catalogue's text and whose data
   * carries the error name.
   */
  private async authenticate(
    socket: Socket,
    next: (err?: Error) => void,
    access: 'identity' | 'user' | 'admin',
    guards: readonly Guard[],
  ): Promise<void> {
    const locale = localeFromAcceptLanguage(socket.handshake.headers['accept-language']);
    try {
      const parsed = SocketAuth.safeParse(socket.handshake.auth ?? {});
      const auth = parsed.success ? parsed.data : {};
      const headers = {
        ...(auth.token && { token: auth.token }),
        ...(auth.deviceId && { deviceid: auth.deviceId }),
      };
      // an admin namespace takes the admin token in the same `token` field
      const identity: ClientIdentity = await this.deps.identities.resolve(access, headers);
      const ip = this.deps.clientAddress(socket.request);
      for (const guard of guards) await guard({ identity, ip });
      const context: ClientContext = { identity, locale };
      socket.data = context;
      next();
    } catch (err) {
      const key =
        err instanceof AppError
          ? err.key
          : isDatabaseUnavailable(err)
            ? 'errors.service_unavailable'
            : 'errors.internal';
      const refusal = new Error(translateMessage(key, locale)) as Error & { data?: unknown };
      refusal.data = { error: key.replace(/^errors\./, '') };
      next(refusal);
    }
  }

  private connected<S extends EventSchemas, I extends ClientIdentity>(
    socket: Socket,
    definition: SocketNamespace<S, I>,
  ): void {
    const { logger } = this.deps;
    const client = this.clientOf<I>(socket, definition.label);
    const { identity } = socket.data as ClientContext;
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

  private clientOf<I extends ClientIdentity>(socket: Socket, label: string): SocketClient<I> {
    const { identity, locale } = socket.data as ClientContext;
    const { limiter, logger } = this.deps;
    const message = (error: AppError) => translateMessage(error.key, locale, error.params);
    const limitKey = identity.kind === 'admin' ? `admin:${identity.adminId}` : rateLimitKey(identity);
    return {
      identity: identity as I,
      id: socket.id,
      get connected() {
        return socket.connected;
      },
      join: (room) => void socket.join(room),
      leave: (room) => void socket.leave(room),
      inRoom: (room) => socket.rooms.has(room),
      emit: (event, data) => void socket.emit(event, data),
      message,
      fail: (error) => void socket.emit('error', { message: message(error) }),
      async rateLimit(bucket, perMinute) {
        try {
          const decision = await limiter.consume(bucket, limitKey, perMinute);
          return decision.allowed
            ? null
            : AppError.retryLater('errors.rate_limited', decision.retryAfterSeconds);
        } catch (err) {
          logger.error({ err }, `${label} rate limit unavailable`);
          return null;
        }
      },
    };
  }
}
