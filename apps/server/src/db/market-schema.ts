import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core-schema.ts';

/**
 * The market of scenes (modules/market). A row holds two versions of a scene: the author's latest
 * (name … icon, with its review status) and the approved one that others see (live_*, set while
 * published_at is set). Editing a public scene changes the first and leaves the second live until
 * the back office approves the new one.
 */
export const marketScenes = pgTable(
  'market_scenes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // null: an official scene of the operator (seeded by the migration)
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    visibility: text('visibility').notNull(),
    status: text('status').notNull(),
    rejectReason: text('reject_reason'),
    version: integer('version').notNull().default(1),
    name: text('name').notNull(),
    description: text('description').notNull(),
    prompt: text('prompt').notNull(),
    behaviour: text('behaviour').notNull(),
    intervalSeconds: integer('interval_seconds'),
    category: text('category').notNull(),
    icon: text('icon').notNull(),
    liveName: text('live_name'),
    liveDescription: text('live_description'),
    livePrompt: text('live_prompt'),
    liveBehaviour: text('live_behaviour'),
    liveIntervalSeconds: integer('live_interval_seconds'),
    liveCategory: text('live_category'),
    liveIcon: text('live_icon'),
    liveVersion: integer('live_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    uses: integer('uses').notNull().default(0),
    favourites: integer('favourites').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('market_scenes_visibility_check', sql`${t.visibility} in ('private', 'public')`),
    check(
      'market_scenes_status_check',
      sql`${t.status} in ('draft', 'pending', 'approved', 'rejected', 'unpublished')`,
    ),
    index('market_scenes_author_idx').on(t.authorId, t.updatedAt),
    index('market_scenes_review_idx').on(t.status, t.submittedAt),
    // the public list, by popularity and by date, and its search
    index('market_scenes_popular_idx')
      .on(t.uses.desc().nullsFirst(), t.id)
      .where(sql`${t.publishedAt} is not null and ${t.visibility} = 'public'`),
    index('market_scenes_newest_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.publishedAt} is not null and ${t.visibility} = 'public'`),
    index('market_scenes_live_search_idx')
      .using(
        'gin',
        sql`market_search_grams(coalesce(${t.liveName}, '') || ' ' || coalesce(${t.liveDescription}, ''))`,
      )
      .where(sql`${t.publishedAt} is not null`),
  ],
);

export const marketFavourites = pgTable(
  'market_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => marketScenes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sceneId] }), index('market_favourites_scene_idx').on(t.sceneId)],
);

/** One row per visit of /market/use/{id} (the client's session id), so each visit counts once. */
export const marketSceneUses = pgTable(
  'market_scene_uses',
  {
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => marketScenes.id, { onDelete: 'cascade' }),
    session: uuid('session').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.session] })],
);

export const marketSceneReports = pgTable(
  'market_scene_reports',
  {
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => marketScenes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // one report per user and scene: a second one replaces the reason
  (t) => [primaryKey({ columns: [t.sceneId, t.userId] })],
);
