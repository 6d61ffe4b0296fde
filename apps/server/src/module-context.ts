import type { AuthSession, SmsLoginRequest, User } from '@sfm/protocol';
import type { MyDataExport } from '@sfm/protocol/account';
import type { PhotoSize } from '@sfm/protocol/user-photos';
import type { DashboardSummary } from '@sfm/protocol/admin';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AuditLog } from './audit/audit-log.ts';
import type { DayRange } from './calendar/day-range.ts';
import type { Config, ModuleSlices } from './config.ts';
import type { DatabaseMode } from './db/connect.ts';
import type { Database, Transaction } from './db/database.ts';
import type { UserRow } from './db/user-row.ts';
import type { Engines } from './engines/engines.ts';
import type { IdentityResolver } from './http/identity.ts';
import type { Router } from './http/router.ts';
import type { ServerLifecycle } from './lifecycle/server-lifecycle.ts';
import type { PointsMeter } from './metering/points-meter.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { Registry } from './registry.ts';
import type { Clock } from './security/clock.ts';
import type { DeviceAllowance } from './security/device-allowance.ts';
import type { PasswordHasher } from './security/password-hasher.ts';
import type { TokenService } from './security/token-service.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { SocketRouter } from './sockets/socket-router.ts';
import type { ImageStore, StoredImage } from './storage/image-store.ts';

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
  /** Users and admins as a module that names them may look them up (the users and admin modules' rows). */
  people: People;
  /** The user accounts, for the modules that log people in (the users module owns them). */
  accounts: Accounts;
  /** A user's sessions, for a module that must end them with its own change (the auth module owns them). */
  sessions: Sessions;
  /** What other modules ask of the points economy (the points module provides it). */
  points: Points;
  /** The photos users give (an avatar, a feedback screenshot), for every module that keeps one. */
  userPhotos: UserPhotos;
  /** Each module's part of a user's personal data: the account's export and deletion gather them. */
  personalData: Registry<PersonalDataSource>;
  /** Each module's figures on the back office's dashboard summary. */
  dashboard: Registry<DashboardFigures>;
  /** Outside services that tests replace: photo storage and the SMS gateway. */
  adapters: { imageStore: ImageStore; sms: SmsSender };
}

/** What a module may read of a user or an admin it names but does not own, for a label. */
export interface People {
  /** Null when there is no such user. */
  user(userId: string): Promise<{ phone: string | null } | null>;
  /** Null when there is no such admin. */
  admin(adminId: string): Promise<{ username: string } | null>;
}

/** A user's account row, as the Accounts below hand it out (db/user-row.ts maps it to the wire). */
export type { UserRow };

export interface NewUser {
  /** null: an account made by a social login (a phone is bound later). */
  phone: string | null;
  passwordHash: string | null;
  nickname?: string | null;
  /** When a code proved the phone (registration and SMS login do before an account exists). */
  phoneVerifiedAt?: Date;
  userType?: 0 | 1;
}

export interface UserChanges {
  /** null: back to no nickname (the back office's reset). */
  nickname?: string | null;
  userType?: 0 | 1;
  speechRate?: number;
  bannedAt?: Date | null;
  banReason?: string | null;
  passwordHash?: string | null;
  phoneVerifiedAt?: Date;
  /** Every access token the user holds is refused from now on (the session generation counts up). */
  endSessions?: boolean;
}

/**
 * The user accounts as the modules that log people in use them: registration, the logins, a
 * password or a phone changed, sessions ended. modules/users implements it (its UsersRepo).
 */
export interface Accounts {
  /** Null when there is no such user. */
  findById(id: string): Promise<UserRow | null>;
  findByPhone(phone: string): Promise<UserRow | null>;
  /** The new user, or null when the phone is already taken. */
  create(user: NewUser): Promise<UserRow | null>;
  /** The phone's user, created without a password if there is none yet (the code proved it `now`). */
  findOrCreateByPhone(phone: string, now: Date): Promise<UserRow>;
  /**
   * Binds a phone to an account that has none: the updated row, or why not ('taken': another
   * account has the phone, 'has_phone': this one has one already), null for no account.
   */
  bindPhone(id: string, phone: string, now: Date): Promise<UserRow | 'taken' | 'has_phone' | null>;
  /** Null when there is no such user. */
  update(id: string, changes: UserChanges, now: Date): Promise<UserRow | null>;
}

/** A user's sessions as a module that changes an account sees them. modules/auth implements it. */
export interface Sessions {
  /**
   * Revokes every refresh token of the user in the caller's transaction, so that a ban and the end
   * of the sessions commit together (access tokens end with the account's `endSessions`).
   */
  revokeAll(userId: string, now: Date, tx: Transaction): Promise<void>;
}

/**
 * Logging a user in, for a module that proves who they are its own way (social login); modules/auth
 * implements it (its createAuthService).
 */
export interface Logins {
  /** A new token pair for a user proven some way; banned ones are refused. */
  startSession(user: UserRow): Promise<AuthSession>;
  /** Binds a phone proven by a code to the caller's account, which has none (made by a social login). */
  bindPhone(userId: string, request: SmsLoginRequest): Promise<User>;
}

export interface OpenedPhoto extends StoredImage {
  /** Seconds a private cache may keep it: never past the URL's expiry. */
  maxAgeSeconds: number;
}

/**
 * Photos users give us besides the analysed ones: checked and re-encoded as JPEG, kept in the image
 * store, shown through short-lived signed URLs. The rows that point at them (users.avatar_key,
 * feedback.photo_key) decide who sees one and belong to their modules; modules/user-photos
 * implements this and serves the URLs.
 */
export interface UserPhotos {
  /** Checks and stores a photo of `ownerId` at `size`; returns its storage key. A refusal names `field`. */
  save(ownerId: string, base64: string, size: PhotoSize, field: string): Promise<string>;
  /** A URL that shows the photo for the configured time (IMAGE_URL_TTL_SECONDS). */
  url(key: string): string;
  /** The photo behind a signed URL; 404 alike for a wrong, expired or discarded one. */
  open(ownerId: string, photoId: string, exp: unknown, sig: unknown): Promise<OpenedPhoto>;
  /** Deletes photos no row points at any more (a failure is logged, never shown). */
  discard(keys: readonly (string | null)[]): Promise<void>;
}

/**
 * The points economy as other modules see it: metered features reserve through `meter`
 * (metering/points-meter.ts); logins report a verified person for the one-time reward (a no-op
 * after the first). modules/points implements it on its ledger.
 */
export interface Points {
  meter: PointsMeter;
  /** A phone was verified by an SMS code. */
  phoneVerified(userId: string): Promise<void>;
  /** A third-party login vouched for the person. */
  identityVerified(userId: string): Promise<void>;
}

/**
 * A module's part of a user's personal data. The account module asks every source for "download
 * my data", and runs every eraser, in registration order, in the one transaction that deletes the
 * account; the users row is only emptied after them (never deleted), so no eraser waits on another's
 * foreign keys. Within its own tables a source erases in the order its foreign keys need.
 */
export interface PersonalDataSource {
  /** The sections of the export that hold the module's rows of the user. */
  collect?(userId: string): Promise<Partial<MyDataExport>>;
  /**
   * Deletes the module's personal rows of the user, and takes the user's id off the rows that
   * others or the statistics still need. Returns the storage keys of the photos to delete once the
   * transaction has committed.
   */
  erase?(userId: string, tx: Transaction): Promise<readonly string[] | void>;
}

/** Today's headline numbers on the dashboard, each counted by the module that owns its rows. */
export type SummaryFigures = Omit<DashboardSummary, 'timeZone' | 'today'>;

/**
 * A module's figures on the dashboard. A dashboard panel over a range of days is an endpoint of its
 * own module (calendar/day-range.ts resolves the range and zero-fills the days); only the summary
 * gathers the figures of several modules into one answer.
 */
export interface DashboardFigures {
  summary(today: DayRange): Promise<Partial<SummaryFigures>>;
}

/**
 * What modules provide each other on the context: each is opened by one module's `provide` (the
 * points module's economy is `ctx.points`), so the app builds none of them by name.
 */
export const MODULE_DOORS = ['points'] as const;
export type ModuleDoors = Pick<ModuleContext, (typeof MODULE_DOORS)[number]>;

/** What a module's `provide` is given: the shared parts, before any module has registered. */
export type ProvideContext = Omit<ModuleContext, 'http' | 'scope' | keyof ModuleDoors>;

/**
 * A feature of the server: modules/<feature>/module.ts exports its `register`, and what else it
 * brings to the server, so that app.ts's line in the module list is all it takes to add it.
 */
export interface ServerModule {
  /** Its own environment variables: its config slices by their key (`{ calls: callsConfig }`), read at start with the rest. */
  configSlices?: ModuleSlices;
  /** The doors it opens for the other modules (MODULE_DOORS), built before any module registers. */
  provide?(ctx: ProvideContext): Partial<ModuleDoors>;
  register(ctx: ModuleContext): void | Promise<void>;
}
