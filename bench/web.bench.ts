/**
 * Lighthouse 12 (mobile preset, simulated throttling) on the built web app served by the real server,
 * in Debian's Chromium: performance, accessibility and best-practices scores, LCP, TBT and CLS per
 * page, the median of RUNS runs by performance; beside them what depends less on the machine's load
 * (requests, script KB sent, main-thread work), to compare builds on a busy machine. Every run is a
 * first visit (Lighthouse clears the service worker, its caches and the HTTP cache; the signed-in
 * pages get a fresh session in localStorage, which Lighthouse keeps). Numbers, not pass/fail.
 * Run: `npm run bench:web` (builds first); LIGHTHOUSE_RUNS sets the runs per page,
 * LIGHTHOUSE_REPORT_DIR keeps the reports.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { endpoints, type AuthSession } from '@sfm/protocol';
import type { BrowserContext } from 'playwright-core';
import { launchPersistentBrowser } from '../e2e/support/browser.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';
import { registerViaApi, storeSeed, uniquePhone, type StorageSeed } from '../e2e/support/session.ts';
import { chunksFromManifest, initialLoad, type ManifestChunk } from '../apps/web/build/bundle-report.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Set: each page's median report is written there (`<page>.json`), to see what weighs. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const PASSWORD = 'long-enough-1';
/** An API answer slower than this is named under its page's row. */
const SLOW_API_MS = 500;
/** Spec §2: the pages a visitor opens without signing in; the rest need a user. */
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/see-for-me', signedIn: true },
  { path: '/aichat', signedIn: true },
  { path: '/market', signedIn: true },
  { path: '/profile', signedIn: true },
  { path: '/points-logs', signedIn: true },
];

interface Result {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What depends little on the machine's load: requests, script bytes sent, main-thread work. */
  requests: number;
  scriptKb: number;
  mainThreadMs: number;
  /** The slowest API answer of the load: the server's time counts in the page's LCP (the vision engine's). */
  slowestApi: { path: string; ms: number } | undefined;
  /** Lighthouse's CPU benchmark at the start of the run: lower means a busier or slower machine. */
  benchmarkIndex: number;
  report: string;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function login(baseUrl: string, phone: string): Promise<AuthSession> {
  const res = await fetch(baseUrl + endpoints.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { data: AuthSession }).data;
}

/** Puts exactly this seed in the origin's localStorage, from a page that runs no app code. */
async function seed(context: BrowserContext, baseUrl: string, value: StorageSeed): Promise<void> {
  const page = await context.newPage();
  await page.goto(baseUrl + endpoints.health.path);
  await page.evaluate(storeSeed, value);
  await page.close();
}

async function audit(url: string, port: number): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const diagnostics = (audits.diagnostics?.details as { items?: { numRequests?: number }[] } | undefined)
    ?.items?.[0];
  const resources = audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const scripts = resources?.items?.find((item) => item.resourceType === 'script');
  const requests = audits['network-requests']?.details as
    { items?: { url: string; networkRequestTime?: number; networkEndTime?: number }[] } | undefined;
  const apiTimes = (requests?.items ?? [])
    .map(({ url, networkRequestTime = 0, networkEndTime = 0 }) => ({
      path: new URL(url).pathname,
      ms: networkEndTime - networkRequestTime,
    }))
    .filter(({ path }) => path.startsWith('/api/'));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    requests: diagnostics?.numRequests ?? NaN,
    scriptKb: (scripts?.transferSize ?? NaN) / 1024,
    mainThreadMs: audits['mainthread-work-breakdown']?.numericValue ?? NaN,
    slowestApi: apiTimes.sort((a, b) => b.ms - a.ms)[0],
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    report: JSON.stringify(result.lhr),
  };
}

/** A run whose trace Lighthouse failed to record (NO_NAVSTART, on a busy machine) is run again. */
async function auditWithRetry(url: string, port: number, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`${''.padEnd(13)}run failed, again: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}

// WEB_DIST_DIR (the server's own setting) measures another build, e.g. a copy from before a change
const distDir = process.env.WEB_DIST_DIR || join(repoRoot, 'apps/web/dist');
if (!existsSync(join(distDir, 'index.html'))) {
  throw new Error(`no web app built in ${distDir}: run \`npm run build\` (npm run bench:web does)`);
}
/** What a first visit to /see-for-me downloads before it shows (the build's manifest; issue 19: ≤ 150 KB). */
function seeForMeInitialJs(): string {
  const manifestFile = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return 'unknown (no build manifest)';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunks = chunksFromManifest(manifest, (file) => readFileSync(join(distDir, file), 'utf8'));
  const load = initialLoad(chunks, 'see-for-me-page.tsx');
  return `${(load.gzipBytes / 1024).toFixed(1)} KB gzip in ${load.chunks.length} chunks`;
}
console.log(`initial JavaScript of /see-for-me: ${seeForMeInitialJs()}`);

// the server's own work (analysing the camera's first picture, speaking) would otherwise take CPU
// from the browser being measured: on a phone it runs elsewhere
const server = await startServer({ LOG_LEVEL: 'warn' }, undefined, { lowPriority: true });
const profileDir = mkdtempSync(join(tmpdir(), 'sfm-lighthouse-'));
const port = await freePort();
// Lighthouse drives its own tab over the debugging port; the persistent context is that same
// (default) browser context, so the storage seeded here is the storage Lighthouse's tab sees.
const context = await launchPersistentBrowser(profileDir, [
  `--remote-debugging-port=${port}`,
  // /see-for-me opens the camera as a user would, on Chromium's test pattern
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
]);
try {
  const phone = uniquePhone();
  await registerViaApi(server, { phone, password: PASSWORD, nickname: '测速' });
  // the simulated throttling multiplies the CPU time it sees: other work on the machine counts
  console.log(`Lighthouse 12, mobile, median of ${RUNS} run(s) per page; load ${loadavg()[0]?.toFixed(1)}`);
  console.log('page          perf  a11y  best   LCP ms   TBT ms    CLS  cpu index  requests  JS KB  main ms');
  for (const { path, signedIn } of PAGES) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const session = signedIn ? await login(server.url, phone) : undefined;
      await seed(context, server.url, { privacyAccepted: true, session });
      runs.push(await auditWithRetry(server.url + path, port));
    }
    const mid = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    if (!mid) continue;
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, `${path.slice(1) || 'home'}.json`), mid.report);
    }
    const cells = [mid.performance, mid.accessibility, mid.bestPractices].map((n) => String(n).padStart(4));
    const times = [mid.lcpMs, mid.tbtMs].map((n) => n.toFixed(0).padStart(8));
    const steady = [mid.benchmarkIndex, mid.requests, mid.scriptKb, mid.mainThreadMs].map((n, i) =>
      n.toFixed(0).padStart([10, 10, 7, 9][i] ?? 8),
    );
    const all = runs.map((r) => r.performance).join('/');
    console.log(
      `${path.padEnd(13)}${cells.join('  ')} ${times.join(' ')} ${mid.cls.toFixed(3).padStart(6)}${steady.join('')}   (perf runs ${all})`,
    );
    // the server's own time is in the page's numbers: say so when it weighs (the vision engine)
    const api = mid.slowestApi;
    if (api && api.ms > SLOW_API_MS)
      console.log(`${''.padEnd(13)}slowest API answer: ${api.path} ${api.ms.toFixed(0)} ms`);
  }
  console.log(`load at the end ${loadavg()[0]?.toFixed(1)}`);
} finally {
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
  await server.stop();
}
