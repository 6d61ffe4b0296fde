import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AuthSession } from '@sfm/protocol';
import { accountEndpoints } from '@sfm/protocol/account';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenViaApi, createAdminWithCli } from './support/admin.ts';
import { axeViolations, hasChromium, launchBrowser, noChromiumReason } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const ADMIN = 'feedback-admin';
const ADMIN_PASSWORD = 'admin-pass-123';
const PASSWORD = 'long-enough-1';

describe.skipIf(!hasChromium)(
  `personal centre, settings, help and the user's own data${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-personal-'));
      [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
      await createAdminWithCli(dataDir, ADMIN, ADMIN_PASSWORD);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const newUser = (phone = uniquePhone()) => registerViaApi(server, { phone, password: PASSWORD });

    /** A logged-in context; bypassCSP: axe-core is injected as an inline script. */
    async function open(session: AuthSession): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
      await seedStorage(context, { privacyAccepted: true, session });
      return { context, page: await context.newPage() };
    }

    async function expectAccessible(page: Page): Promise<void> {
      const violations = await axeViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      expect(await page.locator('h1').count()).toBe(1);
    }

    it.each([
      ['/profile', '个人中心'],
      ['/operation-settings', '操作设置'],
      ['/help', '帮助'],
      ['/donate', '捐助'],
      ['/contact-us', '联系我们'],
    ])('%s: its page, not the pending one, and axe finds nothing', async (route, title) => {
      const { context, page } = await open(await newUser());
      try {
        await page.goto(route);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await page.getByText('此功能正在建设中').count()).toBe(0);
        await page.waitForTimeout(150);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });

    /** The operation settings the account holds on the server. */
    async function savedSettings(session: AuthSession): Promise<unknown> {
      const res = await fetch(`${server.url}${accountEndpoints.mySettings.path}`, {
        headers: { token: session.token, userType: 'registered' },
      });
      return ((await res.json()) as { data: unknown }).data;
    }

    it('a setting chosen on one device applies on the next', async () => {
      const phone = uniquePhone();
      const session = await newUser(phone);
      const first = await open(session);
      try {
        await first.page.goto('/operation-settings');
        await first.page.getByRole('combobox', { name: '操作模式' }).selectOption('quick');
        await first.page.getByRole('combobox', { name: '默认场景' }).selectOption('dialogue');
        // each choice is kept on the device at once and saved to the account in the background: the
        // first device is put away only once the account has both (closing it earlier would cancel
        // a save still on its way, which is not what this test is about)
        await expect
          .poll(() => savedSettings(session))
          .toMatchObject({
            operationMode: 'quick',
            defaultScene: 'dialogue',
          });
      } finally {
        await first.context.close();
      }
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, password: PASSWORD }),
      });
      const second = await open(((await login.json()) as { data: AuthSession }).data);
      try {
        await second.page.goto('/operation-settings');
        const mode = second.page.getByRole('combobox', { name: '操作模式' });
        await expect.poll(() => mode.inputValue()).toBe('quick');
        expect(await second.page.evaluate(() => localStorage.getItem('defaultScene'))).toBe('dialogue');
      } finally {
        await second.context.close();
      }
    });

    it('feedback reaches the back office, and the answer reaches the personal centre', async () => {
      const user = await open(await newUser());
      const token = await adminTokenViaApi(server.url, ADMIN, ADMIN_PASSWORD);
      const admin = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
      await admin.addInitScript({
        content: `localStorage.setItem('privacyAccepted', 'true'); localStorage.setItem('admin_token', ${JSON.stringify(token)});`,
      });
      try {
        await user.page.goto('/contact-us');
        await user.page.getByRole('combobox', { name: '反馈类型' }).selectOption('suggestion');
        await user.page.getByRole('textbox', { name: '反馈内容' }).fill('请把字再放大一点');
        await user.page.getByRole('button', { name: '提交反馈' }).click();
        await user.page.locator('form').getByText('反馈已提交，感谢您！').waitFor();

        const page = await admin.newPage();
        await page.goto('/bme_admin/feedback');
        const box = page.getByRole('textbox', { name: /^回复 .* 的反馈$/ });
        await box.waitFor();
        await expectAccessible(page);
        await box.fill('下个版本就放大');
        await page.getByRole('button', { name: '发送回复' }).click();
        await expect.poll(() => page.getByText('没有反馈').count()).toBe(1);

        await user.page.goto('/profile');
        await user.page.getByText('回复：下个版本就放大').waitFor();
      } finally {
        await user.context.close();
        await admin.close();
      }
    });

    it('an avatar chosen from a photo is downsized, shown with its name, and axe finds nothing', async () => {
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c52' } })
        .png()
        .toBuffer();
      const { context, page } = await open(await newUser());
      try {
        await page.goto('/profile');
        await page.getByRole('img', { name: '我的默认头像' }).waitFor();
        await page
          .getByLabel('选择头像照片')
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
        const avatar = page.getByRole('img', { name: '我的头像' });
        await avatar.waitFor();
        // the browser sent a small square, the server serves it back as that JPEG
        await expect
          .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(256);
        expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(256);
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    });

    it('deleting the account takes two confirmations, signs out, and frees the phone', async () => {
      const phone = uniquePhone();
      const { context, page } = await open(await newUser(phone));
      try {
        await page.goto('/profile');
        await page.getByRole('button', { name: '注销账号' }).click();
        await page.getByRole('button', { name: '确定注销' }).click();
        await expectAccessible(page);
        await page.getByRole('button', { name: '永久注销我的账号' }).click();
        await page.waitForURL('**/login');
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        const again = await newUser(phone);
        expect(again.user.phone).toBe(phone);
      } finally {
        await context.close();
      }
    });
  },
);
