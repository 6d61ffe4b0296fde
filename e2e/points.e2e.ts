import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type AuthSession } from '@sfm/protocol';
import { DEFAULT_POINTS_RULES } from '@sfm/protocol/points';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenViaApi, createAdminWithCli } from './support/admin.ts';
import { axeViolations, hasChromium, noChromiumReason } from './support/browser.ts';
import { hasFfmpeg, instrumentSpeech, launchWithCamera, makeTextImage } from './support/camera.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const canRun = hasChromium && hasFfmpeg;
const skipReason = !hasChromium ? noChromiumReason : 'skipped: ffmpeg is not installed';
const FREE = DEFAULT_POINTS_RULES.dailyFreePoints;
/** Paid points every registered user starts with: registration proves the phone by an SMS code. */
const REWARD = DEFAULT_POINTS_RULES.verificationReward;
const [P600] = DEFAULT_POINTS_RULES.rechargePackages;
const [MONTHLY] = DEFAULT_POINTS_RULES.vipPlans;
const ADMIN = 'points-admin';
const ADMIN_PASSWORD = 'admin-pass-123';

describe.skipIf(!canRun)(`points economy${canRun ? '' : ` (${skipReason})`}`, () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-points-'));
    const photo = await makeTextImage(['出口 EXIT']);
    [server, browser] = await Promise.all([
      startServer({ VISION_RATE_LIMIT_PER_MINUTE: '1000' }, dataDir),
      launchWithCamera(photo),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newUser = () => registerViaApi(server, { phone: uniquePhone(), password: 'long-enough-1' });

  async function open(session: AuthSession): Promise<{ context: BrowserContext; page: Page }> {
    // bypassCSP: axe-core is injected as an inline script
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    return { context, page: await context.newPage() };
  }

  /** Spends one analysis through the API, as the app does. */
  // each its own question: the same answer to the same question moments later is not charged again
  let asked = 0;
  async function analyzeViaApi(session: AuthSession): Promise<number> {
    const image = readFileSync(await makeTextImage(['1'], 'points-one.png'));
    asked += 1;
    const res = await fetch(server.url + endpoints.visionAnalyze.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: session.token, userType: 'registered' },
      body: JSON.stringify({ image: image.toString('base64'), scenario: 'observe', prompt: `问题 ${asked}` }),
    });
    return res.status;
  }

  const entries = (page: Page) => page.getByRole('list', { name: '积分记录' }).getByRole('listitem');
  const tile = (page: Page, name: string) => page.locator(`[data-tile="${name}"]`);

  it('a new user sees the free grant and the verification reward; analyses show as consume entries with sign and balance; axe finds nothing', async () => {
    const session = await newUser();
    const { context, page } = await open(session);
    try {
      await page.goto('/points-logs');
      await expect.poll(() => page.getByTestId('points-total').textContent()).toBe(`总积分 ${FREE + REWARD}`);
      await expect.poll(() => tile(page, 'free').textContent()).toContain(`原始值 ${FREE}`);
      await expect.poll(() => tile(page, 'paid').textContent()).toBe(`付费积分${REWARD}原始值 0`);
      // newest first: the reward was credited just after the day's free grant
      await expect.poll(() => entries(page).first().textContent()).toContain(`+${REWARD}`);
      await expect.poll(() => entries(page).nth(1).textContent()).toContain(`+${FREE}`);
      expect(await axeViolations(page)).toEqual([]);

      // 帮我看看 describes at once in its default (auto) mode: one analysis, one point
      await page.goto('/see-for-me');
      await page.locator('.sfm-result__message').waitFor({ timeout: 30_000 });
      await page.goto('/points-logs');
      const first = entries(page).first();
      await expect.poll(() => first.textContent()).toMatch(/消费/);
      const text = (await first.textContent()) ?? '';
      expect(text).toContain('-1');
      expect(text).toContain('扣除 1 积分');
      expect(text).toContain('图片识别');
      expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      const balance = Number(/余额 (\d+)/.exec(text)?.[1]);
      expect(balance).toBeLessThan(FREE + REWARD);
      await expect.poll(() => page.getByTestId('points-total').textContent()).toContain(String(balance));
    } finally {
      await context.close();
    }
  });

  it('filters by type (page 1 again), loads more, then says there are no more records', async () => {
    const session = await newUser();
    for (let i = 0; i < 11; i++) expect(await analyzeViaApi(session)).toBe(200);
    const { context, page } = await open(session);
    try {
      await page.goto('/points-logs');
      await expect.poll(() => entries(page).count()).toBe(10);
      await page.getByRole('button', { name: '加载更多' }).click();
      // 11 analyses, the daily grant and the verification reward
      await expect.poll(() => entries(page).count()).toBe(13);
      await page.getByText('没有更多记录').waitFor();
      const filter = page.getByRole('combobox', { name: '记录类型' });
      await filter.selectOption({ label: '赠送' });
      await page.getByText('暂无积分记录').waitFor();
      await filter.selectOption({ label: '消费' });
      await expect.poll(() => entries(page).count()).toBe(10);
      const texts = await entries(page).allTextContents();
      expect(texts.every((t) => t.includes('消费') && t.includes('-1'))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('recharges through the sandbox and sees the paid tile grow; buys VIP and sees the badge', async () => {
    const session = await newUser();
    const { context, page } = await open(session);
    try {
      await page.goto('/profile');
      await page.getByRole('link', { name: '充值与会员' }).click();
      const buy = page.getByRole('button', { name: `${P600!.name}，${P600!.priceFen / 100} 元` });
      await buy.click();
      await page.getByRole('heading', { level: 1, name: '沙箱支付' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '确认支付' }).click();
      await expect.poll(() => page.getByTestId('order-status').textContent()).toBe(`支付成功：${P600!.name}`);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: new RegExp(`^${MONTHLY!.name}`) }).click();
      await page.getByRole('button', { name: '确认支付' }).click();
      await expect
        .poll(() => page.getByTestId('order-status').textContent())
        .toBe(`支付成功：${MONTHLY!.name}`);

      await page.getByRole('link', { name: '查看积分明细' }).click();
      await expect
        .poll(() => tile(page, 'paid').textContent())
        .toBe(`付费积分${REWARD + P600!.points}原始值 ${REWARD + P600!.points}`);
      await expect
        .poll(() => page.getByTestId('points-vip').textContent())
        .toMatch(/^VIP 会员 有效期至 \d{4}-\d{2}-\d{2}$/);
      await expect.poll(() => tile(page, 'vip').textContent()).toContain(String(MONTHLY!.dailyPoints));
      await page.getByRole('combobox', { name: '记录类型' }).selectOption({ label: '充值' });
      await expect.poll(() => entries(page).first().textContent()).toContain(`+${P600!.points}`);
    } finally {
      await context.close();
    }
  });

  it('out of points is spoken and shown on 帮我看看, with the way to recharge', async () => {
    // an operator prices an analysis above anyone's balance (the last test: it changes the rules)
    await createAdminWithCli(dataDir, ADMIN, ADMIN_PASSWORD);
    const token = await adminTokenViaApi(server.url, ADMIN, ADMIN_PASSWORD);
    const rules = { ...DEFAULT_POINTS_RULES, costs: { ...DEFAULT_POINTS_RULES.costs, vision: 100_000 } };
    const saved = await fetch(`${server.url}/api/admin/points/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(rules),
    });
    expect(saved.status).toBe(200);
    const session = await newUser();
    const { context, page } = await open(session);
    try {
      await page.goto('/see-for-me');
      const status = page.getByTestId('sfm-status');
      await expect
        .poll(() => status.textContent(), { timeout: 30_000 })
        .toBe('积分不足，请充值或开通会员后继续使用');
      const spoken = await page.evaluate(
        () => (window as unknown as { __spoken: { text: string }[] }).__spoken,
      );
      expect(spoken.map((s) => s.text)).toContain('积分不足，请充值或开通会员后继续使用');
      const recharge = page.getByRole('link', { name: '去充值或开通会员' });
      expect(await recharge.getAttribute('href')).toBe('/points-recharge');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
