import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, users } from './core-schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every version of the points rules (costs, grants, VIP plans, recharge packages). A change is a
 * new row, never an update: a ledger entry names the version that priced it.
 */
export const pointsConfig = pgTable('points_config', {
  version: integer('version').primaryKey(),
  createdAt: at('created_at').notNull().defaultNow(),
  // null for the built-in defaults written at the first start
  adminId: uuid('admin_id').references(() => admins.id),
  rules: jsonb('rules').notNull(),
});

/**
 * A user's points: three buckets, each with its value and its "original value" (what it was last
 * filled to), the days the daily grants were last made, and the VIP period. Only the ledger
 * writes it, with the row locked, in the transaction that appends the entry.
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    freePoints: integer('free_points').notNull().default(0),
    freeOriginal: integer('free_original').notNull().default(0),
    // the day (TIME_ZONE) the free bucket was last refilled; null: never
    freeDay: date('free_day', { mode: 'string' }),
    vipPoints: integer('vip_points').notNull().default(0),
    vipOriginal: integer('vip_original').notNull().default(0),
    vipDay: date('vip_day', { mode: 'string' }),
    vipDailyPoints: integer('vip_daily_points').notNull().default(0),
    vipExpiresAt: at('vip_expires_at'),
    paidPoints: integer('paid_points').notNull().default(0),
    paidOriginal: integer('paid_original').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('points_accounts_free_check', sql`${t.freePoints} >= 0`),
    check('points_accounts_vip_check', sql`${t.vipPoints} >= 0`),
    check('points_accounts_paid_check', sql`${t.paidPoints} >= 0`),
  ],
);

/**
 * The ledger: one append-only row per change of a balance (a trigger refuses UPDATE and DELETE).
 * The deltas say which buckets moved; `balanceAfter` is the account's total after it.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    // increasing: the order the changes were made in
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    scene: text('scene').notNull(),
    amount: integer('amount').notNull(),
    freeDelta: integer('free_delta').notNull(),
    vipDelta: integer('vip_delta').notNull(),
    paidDelta: integer('paid_delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    remark: text('remark'),
    configVersion: integer('config_version').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    // the admin of a gift or adjustment
    adminId: uuid('admin_id').references(() => admins.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('points_entries_idempotency_key').on(t.userId, t.idempotencyKey),
    index('points_entries_user_idx').on(t.userId, t.id),
    index('points_entries_user_type_idx').on(t.userId, t.type, t.id),
    index('points_entries_created_at_idx').on(t.createdAt, t.type),
    check(
      'points_entries_type_check',
      sql`${t.type} in ('consume', 'recharge', 'auth', 'gift', 'vip', 'other')`,
    ),
    check('points_entries_sum_check', sql`${t.amount} = ${t.freeDelta} + ${t.vipDelta} + ${t.paidDelta}`),
  ],
);

/**
 * Points set aside for metered work that is running: spendable minus held is what a new use may
 * reserve. A hold is removed when the work is charged or released; one left by a crashed process
 * stops counting at its expiry (and stays as a row: rare, and the index skips it).
 */
export const pointsHolds = pgTable(
  'points_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('points_holds_user_idx').on(t.userId, t.expiresAt)],
);

/** What a temporary (device) identity spent on a day, against its daily allowance. */
export const pointsDeviceUsage = pgTable(
  'points_device_usage',
  {
    deviceId: text('device_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.day] }),
    check('points_device_usage_check', sql`${t.used} >= 0`),
  ],
);

/** Recharge and VIP orders; paid through a payment provider, credited exactly once. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    // the item as it was sold (the config may change before the notify arrives)
    item: jsonb('item').notNull(),
    amountFen: integer('amount_fen').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('created'),
    providerTradeNo: text('provider_trade_no'),
    configVersion: integer('config_version').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    // a refunded order's points that were already spent, so could not be taken back (for operators)
    refundShortfall: integer('refund_shortfall'),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    check('payment_orders_kind_check', sql`${t.kind} in ('recharge', 'vip')`),
    check(
      'payment_orders_status_check',
      sql`${t.status} in ('created', 'paid', 'failed', 'expired', 'refunded')`,
    ),
  ],
);

/** The embedded sandbox gateway's own record of what was paid (what a real gateway keeps on its side). */
export const sandboxPayments = pgTable('sandbox_payments', {
  orderId: uuid('order_id').primaryKey(),
  amountFen: integer('amount_fen').notNull(),
  status: text('status').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
