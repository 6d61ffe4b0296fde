import type { z } from 'zod';
import type { AppError } from '../app-error.ts';
import type { AdminIdentity, DeviceIdentity, UserIdentity } from '../http/identity.ts';

/*
 * What a module writes a socket namespace against: its events, its handlers and what they see of a
 * client and of the rooms. The SocketRouter (socket-router.ts) runs them on socket.io.
 */

export type SocketIdentity = UserIdentity | DeviceIdentity;
/** Who a namespace's clients are: users and devices, or (an admin namespace) back-office admins. */
export type ClientIdentity = SocketIdentity | AdminIdentity;

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

export type EventSchemas = Record<string, z.ZodType>;

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
