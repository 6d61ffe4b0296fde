import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AuditLog } from './audit/audit-log.ts';
import type { Config } from './config.ts';
import type { DatabaseMode } from './db/connect.ts';
import type { Database } from './db/database.ts';
import type { Engines } from './engines/engines.ts';
import type { IdentityResolver } from './http/identity.ts';
import type { PointsEconomy } from './modules/points/points-economy.ts';
import type { Router } from './http/router.ts';
import type { ServerLifecycle } from './lifecycle/server-lifecycle.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { Clock } from './security/clock.ts';
import type { DeviceAllowance } from './security/device-allowance.ts';
import type { PasswordHasher } from './security/password-hasher.ts';
import type { TokenService } from './security/token-service.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { SocketRouter } from './sockets/socket-router.ts';
import type { ImageStore } from './storage/image-store.ts';

/**
 * What a server module is given to plug itself in. Everything here is built once by the app and
 * shared; a module adds its routes, socket namespaces and jobs and builds its own services and repos.
 */
export interface ModuleContext {
  /** Protocol endpoints: validated input, identity, rate limits and the envelope. */
  http: Router;
  /**
   * The module's own Fastify scope, for what is not a protocol endpoint (a binary answer, an error
   * shape of the module's own) and for lifecycle hooks (onReady, onClose).
   */
  scope: FastifyInstance;
  /** Socket.io namespaces: validated payloads, identity, rate limits and error events. */
  sockets: SocketRouter;
  /** Identity headers → identity, for routes outside the protocol's envelope. */
  identities: IdentityResolver;
  limiter: RateLimiter;
  /** How many logged-out devices an address may bring to what costs each day: a route guard. */
  devices: DeviceAllowance;
  config: Config;
  logger: Logger;
  clock: Clock;
  db: Database;
  dbMode: DatabaseMode;
  /** Starting, ready or stopping: what readiness reports. */
  lifecycle: ServerLifecycle;
  engines: Engines;
  /** Token signing, password hashing and the server secret that other keys derive from. */
  security: { tokens: TokenService; passwords: PasswordHasher; secret: Uint8Array };
  /** The one way an admin's change is made: in a transaction with its audit row. */
  audit: AuditLog;
  /** The points economy: metered features reserve through `points.meter` (modules/points/points-meter.ts). */
  points: PointsEconomy;
  /** Outside services that tests replace: photo storage and the SMS gateway. */
  adapters: { imageStore: ImageStore; sms: SmsSender };
}

/** A feature of the server: modules/<feature>/module.ts exports its `register`. */
export interface ServerModule {
  register(ctx: ModuleContext): void | Promise<void>;
}
