import type { Locale } from '@sfm/protocol';
import type { SharedContext } from '@sfm/protocol/calls';
import type { CallLanguage } from '@sfm/protocol/calls-language';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, users } from './core-schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One row per call a help-seeker asked for. Its status moves only by conditional UPDATEs (ringing →
 * connected only while still ringing), so whichever node a volunteer or operator answers on, the
 * database decides who won.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: at('created_at').notNull().defaultNow(),
    seekerId: uuid('seeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').$type<CallLanguage>().notNull(),
    context: jsonb('context').$type<SharedContext>(),
    status: text('status').notNull().default('ringing'),
    stage: text('stage').notNull().default('volunteers'),
    volunteerId: uuid('volunteer_id').references(() => users.id, { onDelete: 'set null' }),
    operatorId: uuid('operator_id').references(() => admins.id, { onDelete: 'set null' }),
    // the sockets of the two members: signalling goes to them only, and a lost one ends the call
    seekerSocket: text('seeker_socket').notNull(),
    helperSocket: text('helper_socket'),
    connectedAt: at('connected_at'),
    endedAt: at('ended_at'),
    endReason: text('end_reason'),
    // a member's page went away without hanging up (a reload, a dropped network): the call is kept
    // until then for them to come back on any node; a sweep ends it if the node that timed it died
    interruptedUntil: at('interrupted_until'),
  },
  (t) => [
    check(
      'calls_status_check',
      sql`${t.status} in ('ringing', 'connected', 'completed', 'missed', 'cancelled', 'failed')`,
    ),
    check('calls_stage_check', sql`${t.stage} in ('volunteers', 'operators')`),
    index('calls_created_at_idx').on(t.createdAt),
    index('calls_seeker_idx').on(t.seekerId, t.createdAt),
    index('calls_volunteer_idx').on(t.volunteerId, t.createdAt),
    index('calls_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('ringing', 'connected')`),
    // one open call per seeker, however many requests arrive at once
    uniqueIndex('calls_one_open_per_seeker')
      .on(t.seekerId)
      .where(sql`${t.status} in ('ringing', 'connected')`),
  ],
);

/** Who was rung for a call, in which batch: only they may accept it, and none is rung twice. */
export const callRings = pgTable(
  'call_rings',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    rungAt: at('rung_at').notNull().defaultNow(),
    declinedAt: at('declined_at'),
  },
  (t) => [primaryKey({ columns: [t.callId, t.volunteerId] })],
);

/**
 * The sockets of available volunteers and online operators, on every node: each node refreshes
 * `seen_at` of its own rows, so the rows of a node that died stop counting after a while.
 */
export const callPresence = pgTable(
  'call_presence',
  {
    socketId: text('socket_id').primaryKey(),
    // a user's id for a volunteer, an admin's for an operator
    memberId: uuid('member_id').notNull(),
    kind: text('kind').$type<'volunteer' | 'operator'>().notNull(),
    nodeId: text('node_id').notNull(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (t) => [
    check('call_presence_kind_check', sql`${t.kind} in ('volunteer', 'operator')`),
    index('call_presence_member_idx').on(t.kind, t.memberId),
    index('call_presence_node_idx').on(t.nodeId),
  ],
);

/**
 * A volunteer's standing choices: whether to be rung, in which languages, their quiet hours (in
 * their own time zone) and a pause; and when they were last asked, so rings go round fairly.
 */
export const volunteerProfiles = pgTable(
  'volunteer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    available: boolean('available').notNull().default(false),
    languages: text('languages')
      .array()
      .$type<CallLanguage[]>()
      .notNull()
      .default(sql`'{zh}'`),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // the IANA zone their page reported (PostgreSQL knows it: checked when saved); null until then,
    // and then quiet hours cannot be placed, so they do not apply
    timeZone: text('time_zone'),
    quietHours: boolean('quiet_hours').notNull().default(true),
    quietStart: time('quiet_start').notNull().default('22:00'),
    quietEnd: time('quiet_end').notNull().default('07:00'),
    snoozedUntil: at('snoozed_until'),
    // when a call last rang them: the next batch asks those asked longest ago (never: first)
    lastAskedAt: at('last_asked_at'),
  },
  (t) => [
    check('volunteer_profiles_quiet_window_check', sql`${t.quietStart} <> ${t.quietEnd}`),
    // the order a batch is picked in, among those who are available
    index('volunteer_profiles_ring_order_idx')
      .on(t.lastAskedAt.asc().nullsFirst())
      .where(sql`${t.available}`),
  ],
);

/** A member's rating of a call and, when they report the other member, the report the back office handles. */
export const callFeedback = pgTable(
  'call_feedback',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the other member (null when an operator answered)
    aboutUserId: uuid('about_user_id').references(() => users.id, { onDelete: 'set null' }),
    helpful: boolean('helpful'),
    reportReason: text('report_reason'),
    reportNote: text('report_note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    handledAt: at('handled_at'),
    handledBy: uuid('handled_by').references(() => admins.id, { onDelete: 'set null' }),
    handling: text('handling'),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.userId] }),
    index('call_feedback_open_reports_idx')
      .on(t.createdAt)
      .where(sql`${t.reportReason} is not null and ${t.handledAt} is null`),
    // the warnings a member was given, which their personal centre lists
    index('call_feedback_warned_idx')
      .on(t.aboutUserId)
      .where(sql`${t.handling} = 'warned'`),
  ],
);

/** A member who never wants to call or be rung by another again. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** A volunteer's browser that takes Web Push: rung there when their page is not open. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    // the app's language when the browser subscribed: the ring's notification is written in it
    locale: text('locale').$type<Locale>().notNull().default('zh-CN'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
