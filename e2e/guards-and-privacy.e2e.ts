import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, noChromiumReason } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { seedStorage } from './support/session.ts';

describe.skipIf(!hasChromium)(
  `navigation guards and the privacy gate${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });
    beforeEach(async () => {
      context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
      page = await context.newPage();
    });
    afterEach(async () => {
      await context.close();
    });

    const pathWithSearch = (p: Page) => {
      const u = new URL(p.url());
      return decodeURIComponent(u.pathname + u.search);
    };

    it.each(['/', '/privacy', '/download'])(
      'lets an anonymous visitor stay on %s without the privacy gate',
      async (path) => {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.getByRole('dialog', { name: '隐私政策' }).count()).toBe(0);
      },
    );

    it.each([
      ['/see-for-me', '/login?redirect=/see-for-me'],
      ['/role-select', '/login?redirect=/role-select'],
      ['/profile', '/login?redirect=/profile'],
      ['/points-logs', '/login?redirect=/points-logs'],
      ['/market/use/7', '/login?redirect=/market/use/7'],
    ])('sends an anonymous visitor from %s to %s', async (from, to) => {
      await seedStorage(context, { privacyAccepted: true });
      await page.goto(from);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(pathWithSearch(page)).toBe(to);
    });

    it('sends admin routes without the admin token to /bme_admin with a redirect', async () => {
      await seedStorage(context, { privacyAccepted: true });
      await page.goto('/bme_admin/users');
      await page.waitForURL((u) => u.pathname === '/bme_admin');
      expect(pathWithSearch(page)).toBe('/bme_admin?redirect=/bme_admin/users');
    });

    it('shows the privacy gate on /login until accepted, and accepting goes to /login', async () => {
      await page.goto('/see-for-me');
      const dialog = page.getByRole('dialog', { name: '隐私政策' });
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toMatch(/摄像头/);
      await dialog.getByRole('button', { name: '我已阅读并同意《隐私政策》' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('privacyAccepted'))).toBe('true');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('dialog', { name: '隐私政策' }).count()).toBe(0);
    });

    it('opens the full policy from the gate', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: '查看完整隐私政策' }).click();
      await page.waitForURL((u) => u.pathname === '/privacy');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('隐私政策');
    });

    it('declining tries to close the window and says so when the browser refuses', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: '不同意并退出' }).click();
      // A tab the script did not open cannot be closed by it: the app must tell the user.
      const alert = page.getByRole('alert').filter({ hasText: /关闭/ });
      await alert.first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('privacyAccepted'))).not.toBe('true');
    });

    it('declining in a window the app may close closes it', async () => {
      await page.goto('/');
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate(() => {
          window.open('/login', '_blank');
        }),
      ]);
      const closed = popup.waitForEvent('close', { timeout: 5_000 });
      // The click closes the page under Playwright's feet: don't wait for anything after it.
      await popup.getByRole('button', { name: '不同意并退出' }).click({ noWaitAfter: true });
      await closed;
      expect(popup.isClosed()).toBe(true);
    });
  },
);
