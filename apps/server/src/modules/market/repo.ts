import { MARKET_COUNT_CAP, type MarketScenesQuery, type SceneStatus } from '@sfm/protocol/market';
import type { AdminScenesQuery } from '@sfm/protocol/market-admin';
import { and, count, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { users } from '../../db/core-schema.ts';
import {
  marketFavourites,
  marketSceneReports,
  marketScenes,
  marketSceneUses,
} from '../../db/market-schema.ts';

export type SceneRow = typeof marketScenes.$inferSelect;
/** A scene with its author's nickname and phone (null for official scenes). */
export type SceneWithAuthor = SceneRow & { authorNickname: string | null; authorPhone: string | null };
export type ListQuery = z.output<typeof MarketScenesQuery>;
export type ReviewQuery = z.output<typeof AdminScenesQuery>;

/** The author's version of a scene, as written by create and edit. */
export type SceneDraft = Pick<
  SceneRow,
  'name' | 'description' | 'prompt' | 'behaviour' | 'intervalSeconds' | 'category' | 'icon' | 'visibility'
>;

/** `%` and `_` in a search are letters, not patterns. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Others see a scene only while an approved version of a public scene is live. */
const liveForOthers = and(isNotNull(marketScenes.publishedAt), eq(marketScenes.visibility, 'public'));

/** The live text (what market_search_grams indexes, 0006_market.sql) and the author's own. */
const liveText = sql`(coalesce(${marketScenes.liveName}, '') || ' ' || coalesce(${marketScenes.liveDescription}, ''))`;
const ownText = sql`(${marketScenes.name} || ' ' || ${marketScenes.description})`;

const withAuthor = {
  scene: marketScenes,
  authorNickname: users.nickname,
  authorPhone: users.phone,
};

const flatten = (r: { scene: SceneRow; authorNickname: string | null; authorPhone: string | null }) => ({
  ...r.scene,
  authorNickname: r.authorNickname,
  authorPhone: r.authorPhone,
});

/** The market's queries: the lists, one scene, the author's edits, favourites, uses, reports and review. */
export class MarketRepo {
  constructor(private readonly db: Executor) {}

  async page(
    viewerId: string,
    query: ListQuery,
  ): Promise<{ rows: SceneWithAuthor[]; total: number; capped: boolean }> {
    const mine = eq(marketScenes.authorId, viewerId);
    const conditions: (SQL | undefined)[] = [];
    let favouritesOnly = false;
    if (query.tab === 'mine') conditions.push(mine);
    else if (query.tab === 'favourites') {
      favouritesOnly = true;
      conditions.push(or(liveForOthers, mine));
    } else conditions.push(liveForOthers);
    // what the viewer sees of a scene: their own latest version, or the live one of others
    const shown = (live: SQL, own: SQL) =>
      query.tab === 'mine' ? own : sql`case when ${mine} then ${own} else ${live} end`;
    // the 'all' tab (the big one) filters on the live version alone, as its indexes hold it
    const all = query.tab === 'all';
    if (query.category) {
      conditions.push(
        all
          ? eq(marketScenes.liveCategory, query.category)
          : eq(shown(sql`${marketScenes.liveCategory}`, sql`${marketScenes.category}`), query.category),
      );
    }
    if (query.q) {
      conditions.push(
        all
          ? and(
              // every gram of the search is in the text: the GIN index narrows, ilike decides
              sql`market_search_grams(${liveText}) @> market_search_grams(${query.q})`,
              sql`${liveText} ilike ${contains(query.q)}`,
            )
          : sql`${shown(liveText, ownText)} ilike ${contains(query.q)}`,
      );
    }
    const where = and(...conditions);
    const favourite = and(
      eq(marketFavourites.sceneId, marketScenes.id),
      eq(marketFavourites.userId, viewerId),
    );
    const ids = this.db.select({ id: marketScenes.id }).from(marketScenes);
    const ones = this.db.select({ one: sql`1` }).from(marketScenes);
    // counted up to the cap: a broad search must not visit every match only to say how many
    const matching = (favouritesOnly ? ones.innerJoin(marketFavourites, favourite) : ones)
      .where(where)
      .limit(MARKET_COUNT_CAP + 1)
      .as('matching');
    const [counted] = await this.db.select({ n: count() }).from(matching);
    const newest = all
      ? desc(marketScenes.publishedAt)
      : desc(sql`coalesce(${marketScenes.publishedAt}, ${marketScenes.updatedAt})`);
    const order =
      query.sort === 'newest'
        ? [newest, desc(marketScenes.id)]
        : [desc(marketScenes.uses), desc(marketScenes.id)];
    // the page's ids first (narrow rows to sort), then those scenes with their authors
    const pageIds = await (favouritesOnly ? ids.innerJoin(marketFavourites, favourite) : ids)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const found = new Map((await this.byIds(pageIds.map((r) => r.id))).map((row) => [row.id, row]));
    const rows = pageIds.flatMap(({ id }) => found.get(id) ?? []);
    const n = counted?.n ?? 0;
    return { rows, total: Math.min(n, MARKET_COUNT_CAP), capped: n > MARKET_COUNT_CAP };
  }

  private async byIds(ids: string[]): Promise<SceneWithAuthor[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(withAuthor)
      .from(marketScenes)
      .leftJoin(users, eq(users.id, marketScenes.authorId))
      .where(inArray(marketScenes.id, ids));
    return rows.map(flatten);
  }

  async byId(id: string): Promise<SceneWithAuthor | undefined> {
    const [row] = await this.db
      .select(withAuthor)
      .from(marketScenes)
      .leftJoin(users, eq(users.id, marketScenes.authorId))
      .where(eq(marketScenes.id, id));
    return row && flatten(row);
  }

  /** The row locked for a change (review, edit) within a transaction. */
  async lock(id: string): Promise<SceneRow | undefined> {
    const [row] = await this.db.select().from(marketScenes).where(eq(marketScenes.id, id)).for('update');
    return row;
  }

  async favouriteIds(userId: string, sceneIds: string[]): Promise<Set<string>> {
    if (sceneIds.length === 0) return new Set();
    const rows = await this.db
      .select({ sceneId: marketFavourites.sceneId })
      .from(marketFavourites)
      .where(
        and(
          eq(marketFavourites.userId, userId),
          sql`${marketFavourites.sceneId} in (${sql.join(
            sceneIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    return new Set(rows.map((r) => r.sceneId));
  }

  /** Until the transaction ends, the author's other scene creations wait (counting and inserting is one step). */
  async lockAuthor(authorId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`market-create:${authorId}`}))`);
  }

  async createdSince(authorId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(marketScenes)
      .where(and(eq(marketScenes.authorId, authorId), gte(marketScenes.createdAt, since)));
    return row?.n ?? 0;
  }

  async insert(authorId: string, draft: SceneDraft, status: SceneStatus, now: Date): Promise<string> {
    const [row] = await this.db
      .insert(marketScenes)
      .values({
        ...draft,
        authorId,
        status,
        submittedAt: status === 'pending' ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: marketScenes.id });
    if (!row) throw new Error('scene insert returned nothing');
    return row.id;
  }

  async update(id: string, patch: Partial<SceneRow>): Promise<void> {
    await this.db.update(marketScenes).set(patch).where(eq(marketScenes.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(marketScenes).where(eq(marketScenes.id, id));
  }

  /** Adds or removes a favourite and keeps the scene's count; false when nothing changed. */
  async setFavourite(userId: string, sceneId: string, favourite: boolean): Promise<boolean> {
    const changed = favourite
      ? await this.db.insert(marketFavourites).values({ userId, sceneId }).onConflictDoNothing().returning()
      : await this.db
          .delete(marketFavourites)
          .where(and(eq(marketFavourites.userId, userId), eq(marketFavourites.sceneId, sceneId)))
          .returning();
    if (changed.length === 0) return false;
    await this.db
      .update(marketScenes)
      .set({ favourites: sql`${marketScenes.favourites} + ${favourite ? 1 : -1}` })
      .where(eq(marketScenes.id, sceneId));
    return true;
  }

  /** Counts a visit once (its session id), returning the scene's uses afterwards. */
  async recordUse(sceneId: string, session: string, userId: string, now: Date) {
    const inserted = await this.db
      .insert(marketSceneUses)
      .values({ sceneId, session, userId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    const counted = inserted.length > 0;
    const [row] = counted
      ? await this.db
          .update(marketScenes)
          .set({ uses: sql`${marketScenes.uses} + 1` })
          .where(eq(marketScenes.id, sceneId))
          .returning({ uses: marketScenes.uses })
      : await this.db
          .select({ uses: marketScenes.uses })
          .from(marketScenes)
          .where(eq(marketScenes.id, sceneId));
    return { uses: row?.uses ?? 0, counted };
  }

  async report(sceneId: string, userId: string, reason: string, now: Date): Promise<void> {
    await this.db
      .insert(marketSceneReports)
      .values({ sceneId, userId, reason, createdAt: now })
      .onConflictDoUpdate({
        target: [marketSceneReports.sceneId, marketSceneReports.userId],
        set: { reason, createdAt: now },
      });
  }

  /** The review list: scenes whose latest version has the status, oldest submission first. */
  async reviewPage(query: ReviewQuery): Promise<{ rows: SceneWithAuthor[]; total: number }> {
    const where = and(
      eq(marketScenes.status, query.status),
      // private scenes are nobody's business but their author's
      eq(marketScenes.visibility, 'public'),
      query.q ? sql`${ownText} ilike ${contains(query.q)}` : undefined,
    );
    const [counted] = await this.db.select({ total: count() }).from(marketScenes).where(where);
    const rows = await this.db
      .select(withAuthor)
      .from(marketScenes)
      .leftJoin(users, eq(users.id, marketScenes.authorId))
      .where(where)
      .orderBy(sql`${marketScenes.submittedAt} asc nulls last`, marketScenes.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows: rows.map(flatten), total: counted?.total ?? 0 };
  }

  /** Reports of each scene: how many, and the newest reasons. */
  async reports(sceneIds: string[], newest = 3): Promise<Map<string, { count: number; reasons: string[] }>> {
    const found = new Map<string, { count: number; reasons: string[] }>();
    if (sceneIds.length === 0) return found;
    const rows = await this.db
      .select({ sceneId: marketSceneReports.sceneId, reason: marketSceneReports.reason })
      .from(marketSceneReports)
      .where(
        sql`${marketSceneReports.sceneId} in (${sql.join(
          sceneIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      )
      .orderBy(desc(marketSceneReports.createdAt));
    for (const { sceneId, reason } of rows) {
      const entry = found.get(sceneId) ?? { count: 0, reasons: [] };
      entry.count += 1;
      if (entry.reasons.length < newest) entry.reasons.push(reason);
      found.set(sceneId, entry);
    }
    return found;
  }
}
