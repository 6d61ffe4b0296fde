import { MARKET_COUNT_CAP, MarketScenesQuery } from '@sfm/protocol/market';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/harness/databases.ts';
import { UsersRepo } from '../users/repo.ts';
import { MarketRepo } from './repo.ts';
import { publishLatest } from './service.ts';

const query = (q: Record<string, unknown>) => MarketScenesQuery.parse(q);

describeOnEachDatabase('MarketRepo', (db) => {
  it('the migration ships the official scenes, approved and live', async () => {
    const { rows } = await new MarketRepo(db()).page(crypto.randomUUID(), query({ pageSize: 50 }));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((r) => r.authorId === null && r.status === 'approved' && r.publishedAt)).toBe(true);
  });

  it('finds live scenes by a Chinese substring of any length through the grams index', async () => {
    const repo = new MarketRepo(db());
    const author = await new UsersRepo(db()).findOrCreateByPhone('13800000101', new Date());
    const draft = {
      description: '读出小区门禁屏上的提示 OK',
      prompt: '读出屏幕文字',
      behaviour: 'tap',
      intervalSeconds: null,
      category: 'reading',
      icon: 'screen',
      visibility: 'public',
    };
    const now = new Date();
    const id = await repo.insert(author.id, { ...draft, name: '门禁屏幕朗读' }, 'pending', now);
    const row = await repo.lock(id);
    if (!row) throw new Error('inserted scene missing');
    await repo.update(id, { ...publishLatest(row, now), status: 'approved' });

    for (const q of ['禁', '门禁', '禁屏幕朗', '小区门禁屏', 'ok', '提示 O']) {
      const { rows } = await repo.page(author.id, query({ q }));
      expect(
        rows.map((r) => r.id),
        q,
      ).toEqual([id]);
    }
    expect((await repo.page(author.id, query({ q: '门禁朗' }))).rows).toEqual([]);

    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute(
        sql`explain select id from market_scenes where published_at is not null and market_search_grams(coalesce(live_name, '') || ' ' || coalesce(live_description, '')) @> market_search_grams('门禁')`,
      );
      return explained.rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN'])).join('\n');
    });
    expect(plan).toContain('market_scenes_live_search_idx');
  });

  it('counts a broad list up to the cap and says it was capped', async () => {
    await db().execute(sql`
      insert into market_scenes (visibility, status, name, description, prompt, behaviour, category, icon,
        live_name, live_description, live_prompt, live_behaviour, live_category, live_icon, live_version, published_at)
      select 'public', 'approved', '批量' || g, '', 'p', 'tap', 'other', 'eye',
        '批量' || g, '', 'p', 'tap', 'other', 'eye', 1, now()
      from generate_series(1, ${MARKET_COUNT_CAP + 5}) g`);
    const repo = new MarketRepo(db());
    const broad = await repo.page(crypto.randomUUID(), query({ q: '批量' }));
    expect(broad).toMatchObject({ total: MARKET_COUNT_CAP, capped: true });
    expect(broad.rows).toHaveLength(20);
    const narrow = await repo.page(crypto.randomUUID(), query({ q: '批量100' }));
    expect(narrow).toMatchObject({ total: 7, capped: false }); // 100, 1000 … 1005
  });
});
