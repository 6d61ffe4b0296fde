import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints, type AuthSession } from '@sfm/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
} from './support/browser.ts';
import { repoRoot, startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const ADMIN = 'alice';
const ADMIN_PASSWORD = 'admin-pass-123';
const USER_PASSWORD = 'long-enough-1';
const DESKTOP = { width: 1280, height: 900 };

/** `npm run admin:create -- alice`, as an operator runs it beside the running server. */
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

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** A call of the API with the user's token, as the user app makes it. */
async function asUser(
  server: RunningServer,
  token: string,
): Promise<{ status: number; message: string; error?: string }> {
  const res = await fetch(server.url + endpoints.me.path, { headers: { token, userType: 'registered' } });
  const body = (await res.json()) as { message: string; data: { error?: string } | null };
  return { status: res.status, message: body.message, error: body.data?.error };
}

describe.skipIf(!hasChromium)(`the admin back office${hasChromium ? '' : ` (${noChromiumReason})`}`, () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  /** One operator's browser for the whole walk: signed in once, like a real shift. */
  let admin: BrowserContext;
  let page: Page;
  let member: AuthSession;
  let memberPhone: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-admin-'));
    [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
    await createAdminWithCli(dataDir);
    memberPhone = uniquePhone();
    member = await registerViaApi(server, {
      phone: memberPhone,
      password: USER_PASSWORD,
      nickname: '待封禁用户',
    });
    // the member uses the app once today: an active user
    expect((await asUser(server, member.token)).status).toBe(200);
    admin = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      bypassCSP: true,
      viewport: DESKTOP,
    });
    await seedStorage(admin, { privacyAccepted: true });
    page = await admin.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** axe sees the page at rest: no drawer or dialog half in, no table greyed while it reloads. */
  const expectNoAxeViolations = () => expectNoAxeViolationsAtRest(page);

  it('sends the visitor to the login page, which has no axe violation; login opens the redirect', async () => {
    await page.goto('/bme_admin/dashboard');
    await page.waitForURL((u) => u.pathname === '/bme_admin');
    await page.getByRole('heading', { level: 1, name: '管理员登录' }).waitFor();
    await expectNoAxeViolations();
    await page.getByLabel('用户名').fill(ADMIN);
    await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((u) => u.pathname === '/bme_admin/dashboard');
    await expect.poll(() => page.locator('.admin-shell__who').textContent()).toBe('alice（超级管理员）');
  });

  it('shows the day in numbers, a canvas per chart and the same numbers in tables', async () => {
    await page.goto('/bme_admin/dashboard');
    const stat = (key: string) => page.locator(`[data-stat="${key}"] dd`);
    await expect.poll(() => stat('users').textContent()).toBe('1');
    expect(await stat('newUsersToday').textContent()).toBe('1');
    expect(await stat('activeUsersToday').textContent()).toBe('1');
    expect(await stat('analysesToday').textContent()).toBe('0');
    const charts = [
      '每日新增与活跃用户',
      '每日识别次数（按场景）',
      '每日识别耗时（中位数与 P95）',
      '每日识别失败次数',
    ];
    for (const title of charts) {
      const panel = page.getByRole('region', { name: title });
      await expect.poll(() => panel.locator('canvas').count()).toBeGreaterThan(0);
      const table = panel.getByRole('table', { name: `${title}：数据表` });
      expect(await table.locator('tbody tr').count()).toBe(30);
    }
    // today's row of the users table: 1 new, 1 active (the same numbers as above)
    const users = page.getByRole('region', { name: charts[0] }).getByRole('table');
    const today = users.locator('tbody tr').last();
    expect(await today.locator('td').allTextContents()).toEqual(['1', '1']);
    await expectNoAxeViolations();
  });

  it('finds a registered user by phone and bans them from the drawer: their next request is refused', async () => {
    await page.goto('/bme_admin/users');
    await page.getByLabel('搜索手机号或昵称').fill(memberPhone);
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.getByRole('row').filter({ hasText: masked(memberPhone) });
    await row.waitFor();
    expect(await row.textContent()).toContain('待封禁用户');
    await expectNoAxeViolations();

    await row.getByRole('button', { name: '查看 待封禁用户 的详情' }).click();
    const drawer = page.getByRole('dialog', { name: '用户详情：待封禁用户' });
    await drawer.getByRole('heading', { name: '基本信息' }).waitFor();
    await expectNoAxeViolations();
    await drawer.getByRole('button', { name: '封禁' }).click();
    const ask = page.getByRole('dialog', { name: '封禁用户 待封禁用户' });
    await ask.getByLabel('原因').fill('发布违规内容');
    await expectNoAxeViolations();
    await ask.getByRole('button', { name: '确定' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => drawer.getByText('已封禁', { exact: true }).count()).toBeGreaterThan(0);

    const refused = await asUser(server, member.token);
    expect(refused).toEqual({
      status: 401,
      message: '该账号已被封禁：发布违规内容',
      error: 'account_banned',
    });
    const login = await fetch(server.url + endpoints.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: memberPhone, password: USER_PASSWORD }),
    });
    expect(login.status).toBe(403);
    await drawer.getByRole('button', { name: '关闭' }).click();
  });

  it("ends the banned user's session in the app, and the login page says why", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
    try {
      await seedStorage(context, { privacyAccepted: true, session: member });
      const userPage = await context.newPage();
      // app start verifies the stored token: a banned account's is no longer valid, the session ends (spec §4)
      await userPage.goto('/profile');
      await userPage.waitForURL((u) => u.pathname === '/');
      await userPage.goto('/login');
      await userPage.getByLabel('手机号').fill(memberPhone);
      await userPage.getByLabel('密码', { exact: true }).fill(USER_PASSWORD);
      await userPage.getByRole('button', { name: '登录', exact: true }).click();
      await expect
        .poll(() => userPage.locator('#login-alert').textContent())
        .toBe('该账号已被封禁：发布违规内容');
    } finally {
      await context.close();
    }
  });

  it('shows the ban in the audit log', async () => {
    await page.goto('/bme_admin/audit');
    const row = page.getByRole('row').filter({ hasText: '封禁用户' });
    await row.first().waitFor();
    const text = await row.first().textContent();
    expect(text).toContain('alice');
    expect(text).toContain(masked(memberPhone));
    expect(text).toContain('发布违规内容');
    await expectNoAxeViolations();
  });

  it('creates an operator whose temporary password signs in to nothing but changing it', async () => {
    await page.goto('/bme_admin/admins');
    await page.getByRole('button', { name: '新建管理员' }).click();
    const form = page.getByRole('dialog', { name: '新建管理员' });
    await form.getByLabel('用户名').fill('bob');
    await expectNoAxeViolations();
    await form.getByRole('button', { name: '创建' }).click();
    const shown = page.getByRole('dialog', { name: '临时密码' });
    const password = (await shown.locator('[data-temporary-password]').textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
    await expectNoAxeViolations();
    await shown.getByRole('button', { name: '我已记下' }).click();
    await page.getByRole('row').filter({ hasText: 'bob' }).getByText('运营').waitFor();

    // bob signs in on his own phone: whatever he opens, he is asked for a password of his own first
    const bob = await browser.newContext({
      bypassCSP: true,
      baseURL: server.url,
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
    });
    try {
      await seedStorage(bob, { privacyAccepted: true });
      const phone = await bob.newPage();
      await phone.goto('/bme_admin/users');
      await phone.getByLabel('用户名').fill('bob');
      await phone.getByLabel('密码', { exact: true }).fill(password);
      await phone.getByRole('button', { name: '登录' }).click();
      await phone.getByRole('heading', { level: 1, name: '修改密码' }).waitFor();
      expect(phone.url()).toContain('/bme_admin/users');
      await phone.getByText(/请先设置只有您知道的新密码/).waitFor();
      await expectNoAxeViolationsAtRest(phone);
      await phone.getByLabel('当前密码').fill(password);
      await phone.getByLabel('新密码', { exact: true }).fill('bob-own-pass-1');
      await phone.getByLabel('再次输入新密码').fill('bob-own-pass-1');
      await phone.getByRole('button', { name: '保存新密码' }).click();
      await phone.getByRole('heading', { level: 1, name: '用户管理' }).waitFor();
    } finally {
      await bob.close();
    }
  });

  it.each([
    ['/bme_admin/admins', '管理员'],
    ['/bme_admin/scenes', '场景管理'],
    ['/bme_admin/points-config', '积分配置'],
    ['/bme_admin/versions', '版本管理'],
    ['/bme_admin/calls', '通话记录'],
    ['/bme_admin/system-calls', '系统调用'],
  ])('%s has no axe violation', async (path, title) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('.admin-shell__who').waitFor();
    await expectNoAxeViolations();
  });

  it('fits a phone: the menu folds behind its button, the page never scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/bme_admin/users');
      await page.locator('.admin-shell__who').waitFor();
      const menu = page.getByRole('navigation', { name: '管理菜单' });
      const toggle = page.getByRole('button', { name: '菜单' });
      expect(await menu.isVisible()).toBe(false);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const pageWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(await pageWidth()).toBe(390);
      await toggle.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await expectNoAxeViolations();
      await menu.getByRole('link', { name: '操作日志' }).click();
      await page.getByRole('heading', { level: 1, name: '操作日志' }).waitFor();
      expect(await menu.isVisible()).toBe(false);
      await page.goto('/bme_admin/dashboard');
      await page.locator('[data-stat="users"] dd').waitFor();
      expect(await pageWidth()).toBe(390);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('sends an operator whose admin token has expired back to login, the page kept as the redirect', async () => {
    await page.evaluate(() => localStorage.setItem('admin_token', 'expired.admin.token'));
    await page.goto('/bme_admin/users?page=2');
    await page.waitForURL((u) => u.pathname === '/bme_admin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/bme_admin/users?page=2');
    await page.getByText('登录已过期，请重新登录').first().waitFor();
  });

  it('leaves the user app as it was for a signed-in user, who cannot open the back office', async () => {
    const other = await registerViaApi(server, { phone: uniquePhone(), password: USER_PASSWORD });
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
    try {
      await seedStorage(context, { privacyAccepted: true, session: other });
      const userPage = await context.newPage();
      await userPage.goto('/profile');
      await userPage.getByRole('heading', { level: 1, name: '个人中心' }).waitFor();
      await userPage.goto('/bme_admin/users');
      await userPage.waitForURL((u) => u.pathname === '/bme_admin');
      expect(new URL(userPage.url()).searchParams.get('redirect')).toBe('/bme_admin/users');
    } finally {
      await context.close();
    }
  });
});
