import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type AuthSession } from '@sfm/protocol';
import { marketEndpoints, type SceneContent } from '@sfm/protocol/market';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolationsAtRest, hasChromium, noChromiumReason } from './support/browser.ts';
import {
  hasFfmpeg,
  instrumentSpeech,
  launchWithCamera,
  makeTextImage,
  type SpokenRecord,
} from './support/camera.ts';
import { repoRoot, startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const canRun = hasChromium && hasFfmpeg;
const skipReason = !hasChromium ? noChromiumReason : 'skipped: ffmpeg is not installed';
const ADMIN = 'marketeer';
const ADMIN_PASSWORD = 'admin-pass-123';
const ANALYZE = '/api/vision/analyze';
const XSS = '<img src=x onerror=alert(1)>';
const SCENE_NAME = '读门牌测试';
const SCENE_PROMPT = '请读出画面里的文字';
/** The scene's own auto-capture interval, the shortest a scene may have. */
const INTERVAL_SECONDS = 5;

/** `npm run admin:create -- marketeer`, beside the running server. */
async function createAdminWithCli(dataDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', ADMIN],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    },
  );
}

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: SpokenRecord[] }).__spoken.map((s) => s.text));

const expectNoAxeViolations = expectNoAxeViolationsAtRest;

describe.skipIf(!canRun)(`the market of scenes${canRun ? '' : ` (${skipReason})`}`, () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  let author: AuthSession;
  let finder: AuthSession;
  /** The sign the fake camera films, also the photo chosen from a file. */
  let signPhoto: string;
  /** Script the page ran that it should not have: a dialog (alert) opened by typed markup. */
  const dialogs: string[] = [];

  const userContext = async (session: AuthSession): Promise<BrowserContext> => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    context.on('page', (p) => p.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message()))));
    return context;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-market-'));
    [server, browser] = await Promise.all([
      startServer({ VISION_RATE_LIMIT_PER_MINUTE: '1000' }, dataDir),
      makeTextImage(['门牌 302', '小心台阶'], 'market-sign.png').then((photo) => {
        signPhoto = photo;
        return launchWithCamera(photo);
      }),
    ]);
    await createAdminWithCli(dataDir);
    author = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '出题人',
    });
    finder = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '找场景',
    });
    // a scene whose name is markup, waiting for review (shown on the admin page as text)
    const body: SceneContent = {
      name: XSS,
      description: '<script>alert(2)</script>',
      prompt: '看看',
      behaviour: 'tap',
      intervalSeconds: null,
      category: 'other',
      icon: 'eye',
      visibility: 'public',
      submit: true,
    };
    const res = await fetch(server.url + marketEndpoints.createScene.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: author.token, userType: 'registered' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  let sceneId = '';

  it('the author makes a scene, tries it on the camera and on a file, submits it; the form has no axe violation', async () => {
    const context = await userContext(author);
    const page = await context.newPage();
    await page.goto('/market/scene/add');
    await page.getByRole('heading', { level: 1, name: '创建场景' }).waitFor();
    await expectNoAxeViolations(page);

    // an empty save: the errors are beside their fields, the first focused
    await page.getByRole('button', { name: '提交审核' }).click();
    const name = page.getByRole('textbox', { name: '场景名称' });
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await name.fill(SCENE_NAME);
    await page.getByRole('textbox', { name: '简介（可不填）' }).fill('每隔几秒读出门牌');
    await page.getByRole('textbox', { name: '要问的问题' }).fill(SCENE_PROMPT);
    await page.getByRole('radio', { name: '每隔几秒自动识别' }).check();
    await page.getByRole('spinbutton', { name: '自动识别的间隔（秒）' }).fill(String(INTERVAL_SECONDS));
    await page.getByRole('radio', { name: '门' }).check();

    // the try-out: one photo of the fake camera, asked the scene's prompt
    const asked: { scenario: string; prompt?: string }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(ANALYZE)) asked.push(r.postDataJSON() as { scenario: string; prompt?: string });
    });
    await page.getByRole('button', { name: '用相机拍一张试试' }).click();
    const tried = page.getByTestId('scene-try-result');
    await expect.poll(() => tried.textContent(), { timeout: 30_000 }).toMatch(/^识别结果：\S/);
    expect(asked.at(-1)).toMatchObject({ scenario: 'question', prompt: SCENE_PROMPT });
    // … and on a photo chosen from a file
    const before = asked.length;
    await page.getByTestId('scene-try-file').setInputFiles(signPhoto);
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => tried.textContent(), { timeout: 30_000 }).toMatch(/^识别结果：\S/);

    await page.getByRole('button', { name: '提交审核' }).click();
    await page.waitForURL((u) => /^\/market\/scene\/[0-9a-f-]{36}$/.test(u.pathname));
    sceneId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('heading', { level: 1, name: '编辑场景' }).waitFor();
    await expect.poll(() => page.locator('.scene-status__line').textContent()).toBe('状态：审核中');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('an operator finds it in the review queue (markup shown as text) and approves it', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      bypassCSP: true,
      viewport: { width: 1280, height: 900 },
    });
    await seedStorage(context, { privacyAccepted: true });
    const page = await context.newPage();
    page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    await page.goto('/bme_admin/scenes');
    await page.getByLabel('用户名').fill(ADMIN);
    await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { level: 1, name: '场景管理' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: SCENE_NAME });
    await row.waitFor();
    expect(await row.textContent()).toContain(SCENE_PROMPT);
    await page.getByRole('row').filter({ hasText: XSS }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: `通过：${SCENE_NAME}` }).click();
    await page.getByText(`已通过“${SCENE_NAME}”`).first().waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: SCENE_NAME }).count()).toBe(0);
    await context.close();
  });

  it('another user finds it by a Chinese substring, uses it, hears it; auto-capture keeps its interval', async () => {
    const context = await userContext(finder);
    await context.addInitScript(() => {
      const w = window as unknown as { __analyzeAt: number[] };
      w.__analyzeAt = [];
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/api/vision/analyze')) {
          w.__analyzeAt.push(performance.now());
        }
        return original(input, init);
      };
    });
    const page = await context.newPage();
    await page.goto('/market');
    await page.getByTestId('market-status').filter({ hasText: '共找到' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('searchbox', { name: '搜索场景' }).fill('门牌测');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect.poll(() => page.getByTestId('market-status').textContent()).toBe('共找到 1 个场景');
    const asked: { scenario: string; prompt?: string }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(ANALYZE)) asked.push(r.postDataJSON() as { scenario: string; prompt?: string });
    });
    await page.getByRole('link', { name: `使用“${SCENE_NAME}”` }).click();
    await page.waitForURL(`**/market/use/${sceneId}`);
    await page.getByRole('heading', { level: 1, name: SCENE_NAME }).waitFor();
    await page.locator('[data-camera-status="ready"]').waitFor({ timeout: 15_000 });

    // the first look at once, the next after the scene's interval
    const result = page.getByTestId('sfm-result');
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/\S/);
    const text = (await page.locator('.sfm-result__text').textContent()) ?? '';
    await expect.poll(() => spoken(page), { timeout: 10_000 }).toContain(text);
    expect(asked[0]).toMatchObject({ scenario: 'question', prompt: SCENE_PROMPT });
    // the interval: answered at once from here on, so no tick is skipped for a busy engine (a tick
    // that finds the last analysis still running waits for the next one)
    await page.route(`**${ANALYZE}`, (route) =>
      route.fulfill({
        json: { code: 200, message: '成功', data: { description: '门牌 302', imageUrl: '' } },
      }),
    );
    const times = () => page.evaluate(() => (window as unknown as { __analyzeAt: number[] }).__analyzeAt);
    const before = (await times()).length;
    await expect
      .poll(async () => (await times()).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(before + 2);
    const [first = 0, second = 0] = (await times()).slice(before);
    expect(second - first).toBeGreaterThanOrEqual(INTERVAL_SECONDS * 1000 - 200);
    expect(second - first).toBeLessThan(INTERVAL_SECONDS * 1000 + 1_000);
    await expectNoAxeViolations(page);

    // the visit counted once
    const detail = await fetch(`${server.url}${marketEndpoints.marketScene.path}?id=${sceneId}`, {
      headers: { token: finder.token, userType: 'registered' },
    });
    expect(((await detail.json()) as { data: { uses: number } }).data.uses).toBe(1);
    await context.close();
  });

  it('the author’s list and camera screen show the markup scene as text, the other as approved; nothing ran', async () => {
    const context = await userContext(author);
    const page = await context.newPage();
    await page.goto('/market');
    await page.getByRole('tab', { name: '我的' }).click();
    await expect.poll(() => page.getByTestId('market-status').textContent()).toBe('共找到 2 个场景');
    await page.getByRole('heading', { name: XSS }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.getByText('<script>alert(2)</script>').count()).toBe(1);
    const approved = page.getByRole('article', { name: SCENE_NAME });
    expect(await approved.locator('.scene-status__line').textContent()).toBe('状态：已通过');
    await expectNoAxeViolations(page);
    // its own camera screen names it as text too
    await page.getByRole('link', { name: `使用“${XSS}”` }).click();
    await page.getByRole('heading', { level: 1, name: XSS }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
