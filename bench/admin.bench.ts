/**
 * The back office at scale: each dashboard panel's answer time with 100,000 analyses, 20,000 calls
 * and 10,000 users seeded (target ≤ 200 ms median on 2 cores), and the user app's initial JavaScript for
 * /see-for-me with and without the admin area in the build (it must not grow because of it).
 * Prints numbers; not a pass/fail test. Run: `npm run bench:admin -w @sfm/bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type Endpoint } from '@sfm/protocol';
import { callsAdminEndpoints } from '@sfm/protocol/calls-admin';
import { adminEndpoints } from '@sfm/protocol/admin';
import { sql } from 'drizzle-orm';
import { build, type Plugin } from 'vite';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect } from '../apps/server/src/db/connect.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { AdminRepo } from '../apps/server/src/modules/admin/repo.ts';
import { AdminService } from '../apps/server/src/modules/admin/service.ts';
import { systemClock } from '../apps/server/src/security/clock.ts';
import { PasswordHasher } from '../apps/server/src/security/password-hasher.ts';
import { TokenService } from '../apps/server/src/security/token-service.ts';
import { initialLoad, type ChunkInfo } from '../apps/web/build/bundle-report.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';

const USERS = 10_000;
const ANALYSES = 100_000;
const CALLS = 20_000;
const ROUNDS = 21;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** 10,000 users, their active days, 100,000 analyses and 30,000 spoken texts over the last 30 days. */
async function seed(dataDir: string): Promise<void> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const database = await connect(config, createLogger('warn'), { attachToRunning: true });
  const { db } = database;
  try {
    const started = performance.now();
    await db.execute(sql`
      insert into users (phone, nickname, user_type, created_at, last_active_at)
      select '139' || lpad(g::text, 8, '0'), 'user ' || g,
        case when g % 3 = 0 then null else g % 2 end,
        now() - random() * interval '90 days', now() - random() * interval '30 days'
      from generate_series(1, ${USERS}) g`);
    await db.execute(sql`
      insert into user_active_days (day, user_id)
      select current_date - (random() * 29)::int, id from users, generate_series(1, 8)
      on conflict do nothing`);
    await db.execute(sql`
      with u as (select array_agg(id) as ids from users)
      insert into analyses (created_at, user_id, scenario, engine, duration_ms, outcome)
      select now() - random() * interval '30 days', u.ids[1 + floor(random() * ${USERS})::int],
        (array['realtime', 'reading', 'observe', 'qa', 'move', 'dialogue'])[1 + floor(random() * 6)::int],
        'embedded', (300 + random() * 2000)::int,
        case when random() < 0.05 then 'failed' when random() < 0.02 then 'cancelled' else 'ok' end
      from generate_series(1, ${ANALYSES}), u`);
    await db.execute(sql`
      insert into speech_texts (created_at, characters)
      select now() - random() * interval '30 days', 20 from generate_series(1, 30000)`);
    // ended calls (a seeker has one open call at most: none is left ringing or connected)
    await db.execute(sql`
      with u as (select array_agg(id) as ids from users)
      insert into calls (created_at, seeker_id, language, status, seeker_socket, connected_at, ended_at)
      select at, u.ids[1 + floor(random() * ${USERS})::int], 'zh', status, 'bench',
        case when status = 'completed' then at + interval '20 seconds' end,
        case when status = 'completed' then at + interval '20 seconds' + random() * interval '10 minutes'
             else at + interval '1 minute' end
      from (select now() - random() * interval '30 days' as at,
              (array['completed', 'completed', 'completed', 'missed', 'cancelled', 'failed'])[1 + floor(random() * 6)::int] as status
            from generate_series(1, ${CALLS})) c, u`);
    await db.execute(sql`vacuum analyze`);
    const tokens = new TokenService({
      secret: new Uint8Array(32),
      clock: systemClock,
      ttlSeconds: { user: 1, admin: 1 },
    });
    await new AdminService(new AdminRepo(db), new PasswordHasher(), tokens, systemClock).createOrReset(
      'bench',
      'bench-password-1',
    );
    console.log(
      `seeded ${USERS} users, ${ANALYSES} analyses, ${CALLS} calls, 30000 spoken texts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

async function timeEndpoint(base: string, token: string, endpoint: Endpoint, query = ''): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${endpoint.path}${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${endpoint.path}: HTTP ${res.status}`);
    // the first three warm the caches (PostgreSQL's and the process's)
    if (i >= 3) times.push(performance.now() - t0);
  }
  return times;
}

async function dashboard(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-bench-admin-'));
  const server = await startServer({ LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, dataDir);
  try {
    await seed(dataDir);
    const login = await fetch(server.url + endpoints.adminLogin.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    const panels: [string, Endpoint, string?][] = [
      ['summary (today)', adminEndpoints.dashboardSummary],
      ['users per day (30 days)', adminEndpoints.dashboardUsers],
      ['analyses per day and scenario', adminEndpoints.dashboardAnalyses],
      ['latency per day (median, p95)', adminEndpoints.dashboardLatency],
      ['failures per day', adminEndpoints.dashboardFailures],
      ['call outcomes and lengths per day', callsAdminEndpoints.dashboardCalls],
      ['users page, sorted by analyses', adminEndpoints.users, '?sort=analyses'],
      ['users page, search', adminEndpoints.users, '?search=1234'],
    ];
    console.log(`median of ${ROUNDS} requests over HTTP (target ≤ 200 ms per dashboard panel):`);
    for (const [name, endpoint, query] of panels) {
      const times = await timeEndpoint(server.url, data.token, endpoint, query);
      console.log(
        `  ${name.padEnd(32)} ${median(times).toFixed(1).padStart(7)} ms  (max ${Math.max(...times).toFixed(1)} ms)`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The build as shipped, or with the admin area left out as the native build leaves it out. */
async function seeForMeInitialJs(withAdmin: boolean): Promise<number> {
  const chunks: ChunkInfo[] = [];
  const plugins: Plugin[] = [
    {
      name: 'collect-chunks',
      generateBundle(_options, bundle) {
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.push(item);
      },
    },
  ];
  if (!withAdmin) {
    plugins.push({
      name: 'no-admin-area',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved?.id.endsWith('/app/admin-features.ts')
          ? resolved.id.replace(/\.ts$/, '.native.ts')
          : null;
      },
    });
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'sfm-bench-web-'));
  try {
    const webRoot = path.join(repoRoot, 'apps/web');
    await build({
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir },
      plugins,
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return initialLoad(chunks, 'see-for-me-page.tsx').gzipBytes;
}

await dashboard();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const withAdmin = await seeForMeInitialJs(true);
const withoutAdmin = await seeForMeInitialJs(false);
console.log(
  `/see-for-me initial JavaScript, gzip: ${kb(withAdmin)} with the admin area in the build, ${kb(withoutAdmin)} without it (${withAdmin - withoutAdmin} bytes apart)`,
);
