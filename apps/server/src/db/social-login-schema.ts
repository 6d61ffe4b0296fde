import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core-schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A third-party identity (an OpenID Connect `sub`, a WeChat unionid) bound to an account. One person
 * may bind several; one identity belongs to one account.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    // the issuer URL for OpenID Connect, so two providers' subjects never collide
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * A social login under way, between the redirect to the provider and its callback. Kept in
 * PostgreSQL so any node can finish it, and deleted as it is read so a replayed callback fails.
 */
export const socialLoginTransactions = pgTable(
  'social_login_transactions',
  {
    // sha256 of the secret the browser holds: a leaked table row cannot finish a login
    idHash: text('id_hash').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    // where the app goes after the login (a path of the app, already checked)
    redirect: text('redirect'),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('social_login_transactions_expires_idx').on(t.expiresAt)],
);
