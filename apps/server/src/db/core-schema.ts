// The tables the feature table files build on (users, admins) and those not yet in a file of their
// own. A table is imported from the file that declares it; drizzle-kit reads every *-schema.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // null for an account made by a social login that has not bound a phone yet (unique when set)
    phone: text('phone').unique(),
    // null for accounts created by SMS login, which never chose a password
    passwordHash: text('password_hash'),
    nickname: text('nickname'),
    // the avatar's object in the image store (modules/user-photos); null: the default picture
    avatarKey: text('avatar_key'),
    userType: smallint('user_type'),
    speechRate: real('speech_rate').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // set by the back office: every request with a token is refused from then on
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    // the last authenticated request, to the minute (written at most once a minute per user)
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    // when a code first proved the phone; null: registered before registration asked for one, so
    // whoever chose the password may not own the phone (the first SMS login wipes it)
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    // counted up when every session ends (logout, password change, a replayed refresh token): access
    // tokens carry the generation they were issued in, older ones are refused
    tokenGeneration: integer('token_generation').notNull().default(0),
  },
  (t) => [
    check('users_user_type_check', sql`${t.userType} in (0, 1)`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_active_at_idx').on(t.lastActiveAt),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // every token descended from one login shares a family, so a replayed token can revoke them all
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const smsCodes = pgTable('sms_codes', {
  // one live code per phone: a new send replaces the old one
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
});

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // admins made before roles existed were made by the CLI, which makes super-admins
    role: text('role').notNull().default('super_admin'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // set when another admin chose the password (create, reset): its owner must replace it first
    passwordTemporary: boolean('password_temporary').notNull().default(false),
    // counted up when the admin's sessions end (logout, password change, disabled): older tokens are refused
    tokenGeneration: integer('token_generation').notNull().default(0),
  },
  (t) => [check('admins_role_check', sql`${t.role} in ('super_admin', 'operator')`)],
);

/**
 * The logged-out devices seen on a client address or network each day (security/device-allowance.ts):
 * sha256 of both, no readable address or device id.
 */
export const deviceSightings = pgTable(
  'device_sightings',
  {
    day: text('day').notNull(),
    // 'ip:<address>' or 'net:<prefix>', hashed
    placeHash: text('place_hash').notNull(),
    deviceHash: text('device_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.placeHash, t.deviceHash] })],
);

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    // sha256 of the limited key (an IP, a phone): counters need no readable personal data
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.keyHash, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

export const visionImages = pgTable(
  'vision_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // a registered user's id or a temporary device's id: the only callers who may see the photo
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    scenario: text('scenario').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('vision_images_owner_kind_check', sql`${t.ownerKind} in ('user', 'device')`),
    // the retention sweep deletes by age
    index('vision_images_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One row per image analysis, kept after its photo expires: what the back office counts. A user's
 * rows outlive the account as anonymous ones.
 */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // a temporary device's id when no user was signed in
    deviceId: text('device_id'),
    scenario: text('scenario').notNull(),
    engine: text('engine').notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome').notNull(),
  },
  (t) => [
    check('analyses_outcome_check', sql`${t.outcome} in ('ok', 'failed', 'cancelled', 'unusable')`),
    // the dashboard reads day ranges of these four columns from the index alone
    index('analyses_created_at_idx').on(t.createdAt, t.scenario, t.outcome, t.durationMs),
    index('analyses_user_id_idx').on(t.userId, t.createdAt),
  ],
);

/** One row per text the server spoke (the /speech-synthesis socket), for the dashboard. */
export const speechTexts = pgTable(
  'speech_texts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    characters: integer('characters').notNull(),
  },
  (t) => [index('speech_texts_created_at_idx').on(t.createdAt)],
);

/** The days (in the server's time zone) on which a user made an authenticated request. */
export const userActiveDays = pgTable(
  'user_active_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * Every change an admin made, append-only (a trigger refuses UPDATE and DELETE): who, what, on
 * which target, the target before and after, when and from where.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    // increasing: the order changes were made in, even within one millisecond
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_admin_idx').on(t.adminId, t.createdAt),
  ],
);
