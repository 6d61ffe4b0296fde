/**
 * The market at scale: 100,000 live public scenes seeded into the embedded PostgreSQL, then the
 * median time of the market's list and search (the service and its SQL, as /api/market/scenes
 * runs them) for the popular and newest lists, a category, and Chinese substrings of 2, 3 and 4
 * characters (target ≤ 50 ms median for a search on 2 cores). With DATABASE_URL set it seeds that
 * database instead. Prints numbers; not a pass/fail test. Run: `npm run bench:market`.
 */
import { MarketScenesQuery } from '@sfm/protocol/market';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect } from '../apps/server/src/db/connect.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { MarketService } from '../apps/server/src/modules/market/service.ts';
import { systemClock } from '../apps/server/src/security/clock.ts';

const SCENES = 100_000;
const ROUNDS = 21;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const WORDS = [
  '药盒',
  '有效期',
  '公交',
  '菜单',
  '衣服',
  '门牌',
  '屏幕',
  '钞票',
  '超市',
  '价签',
  '快递',
  '电梯',
  '楼层',
  '站牌',
  '说明书',
  '水表',
  '电表',
  '遥控器',
  '颜色',
  '温度',
  '地铁',
  '出口',
  '红绿灯',
  '路标',
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-bench-market-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const database = await connect(config, createLogger('warn'));
try {
  const { db } = database;
  const started = performance.now();
  // names and descriptions of two or three words of the list, plus a number: every search word hits
  // about a tenth of the scenes, as a popular word would in a real market
  await db.execute(sql`
    with w as (select ${`{${WORDS.join(',')}}`}::text[] as words)
    insert into market_scenes (author_id, visibility, status, name, description, prompt, behaviour,
      category, icon, live_name, live_description, live_prompt, live_behaviour, live_category,
      live_icon, live_version, published_at, uses, favourites)
    select null, 'public', 'approved', n.name, n.description, '请描述', 'tap', 'reading', 'eye',
      n.name, n.description, '请描述', 'tap',
      (array['reading', 'health', 'shopping', 'travel', 'home', 'clothing', 'other'])[1 + g % 7],
      'eye', 1, now() - (g || ' seconds')::interval, (random() * 10000)::int, (random() * 100)::int
    from generate_series(1, ${SCENES}) g, w,
      lateral (select
        w.words[1 + (g * 7) % 24] || w.words[1 + (g * 13) % 24] || g::text as name,
        '帮你看' || w.words[1 + (g * 5) % 24] || '和' || w.words[1 + (g * 11) % 24] || '的场景' as description
      ) n`);
  await db.execute(sql`vacuum analyze market_scenes`);
  console.log(`seeded ${SCENES} scenes in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const market = new MarketService({ db, clock: systemClock });
  const viewer = crypto.randomUUID();
  const cases: [string, Record<string, unknown>][] = [
    ['list, popular, page 1', {}],
    ['list, newest, page 50', { sort: 'newest', page: 50 }],
    ['list, one category', { category: 'health' }],
    ['search, 2 characters (药盒)', { q: '药盒' }],
    ['search, 3 characters (遥控器)', { q: '遥控器' }],
    ['search, 4 characters (红绿灯3)', { q: '红绿灯3' }],
    ['search, no match (不存在的词)', { q: '不存在的词' }],
  ];
  for (const [name, query] of cases) {
    const parsed = MarketScenesQuery.parse(query);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < ROUNDS + 3; i++) {
      const t0 = performance.now();
      total = (await market.page(viewer, parsed)).total;
      if (i >= 3) times.push(performance.now() - t0);
    }
    console.log(
      `${name.padEnd(32)} median ${median(times).toFixed(1).padStart(6)} ms   max ${Math.max(...times)
        .toFixed(1)
        .padStart(6)} ms   (${total} found)`,
    );
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
