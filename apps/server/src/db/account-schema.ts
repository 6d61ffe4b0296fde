import type { UserSettings } from '@sfm/protocol/account';
import type { FeedbackCategory } from '@sfm/protocol/feedback';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins, users } from './core-schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A user's operation settings (modules/account), so a second device gets them. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<UserSettings>().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Accounts their owner deleted. The users row stays, emptied of everything personal (its phone is
 * freed so the number can register again), because the append-only points ledger still refers to
 * it: the ledger is kept, anonymised, and must still balance.
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  deletedAt: at('deleted_at').notNull().defaultNow(),
});

/** What users wrote on the contact-us page, and the back office's answer. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: at('created_at').notNull().defaultNow(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<FeedbackCategory>().notNull(),
    text: text('text').notNull(),
    contactConsent: boolean('contact_consent').notNull(),
    // an optional screenshot or photo in the image store (modules/user-photos)
    photoKey: text('photo_key'),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    repliedBy: uuid('replied_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('feedback_category_check', sql`${t.category} in ('problem', 'suggestion', 'praise', 'other')`),
    index('feedback_user_idx').on(t.userId, t.createdAt),
    // the back office's queue: the unanswered, oldest first
    index('feedback_open_idx')
      .on(t.createdAt)
      .where(sql`${t.repliedAt} is null`),
  ],
);
