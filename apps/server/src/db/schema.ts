import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
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
    phone: text('phone').notNull().unique(),
    // null for accounts created by SMS login, which never chose a password
    passwordHash: text('password_hash'),
    nickname: text('nickname'),
    userType: smallint('user_type'),
    speechRate: real('speech_rate').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_user_type_check', sql`${t.userType} in (0, 1)`)],
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

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
