import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason, PHONE_VIEWPORT } from './support/browser.ts';
import { usePageSuite } from './support/suite.ts';
import { seedStorage } from './support/session.ts';

describe.skipIf(!hasChromium)(
  `navigation guards and the privacy gate${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    const suite = usePageSuite();

    const pathWithSearch = (p: Page) => {
      const u = new URL(p.url());
      return decodeURIComponent(u.pathname + u.search);
    };

    it.each(['/', '/privacy', '/download'])(
      'lets an anonymous visitor stay on %s without the privacy gate',
      async (path) => {
        await suite.page.goto(path);
        await suite.page.getByRole('heading', { level: 1 }).waitFor();
        expect(new URL(suite.page.url()).pathname).toBe(path);
        expect(await suite.page.getByRole('dialog', { name: '隐私政策' }).count()).toBe(0);
      },
    );

    it.each([
      ['/see-for-me', '/login?redirect=/see-for-me'],
      ['/role-select', '/login?redirect=/role-select'],
      ['/profile', '/login?redirect=/profile'],
      ['/points-logs', '/login?redirect=/points-logs'],
      ['/market/use/7', '/login?redirect=/market/use/7'],
    ])('sends an anonymous visitor from %s to %s', async (from, to) => {
      await seedStorage(suite.context, { privacyAccepted: true });
      await suite.page.goto(from);
      await suite.page.waitForURL((u) => u.pathname === '/login');
      expect(pathWithSearch(suite.page)).toBe(to);
    });

    it('sends admin routes without the admin token to /bme_admin with a redirect', async () => {
      await seedStorage(suite.context, { privacyAccepted: true });
      await suite.page.goto('/bme_admin/users');
      await suite.page.waitForURL((u) => u.pathname === '/bme_admin');
      expect(pathWithSearch(suite.page)).toBe('/bme_admin?redirect=/bme_admin/users');
    });

    it('shows the privacy gate on /login until accepted, and accepting goes to /login', async () => {
      await suite.page.goto('/see-for-me');
      const dialog = suite.page.getByRole('dialog', { name: '隐私政策' });
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toMatch(/摄像头/);
      await dialog.getByRole('button', { name: '我已阅读并同意《隐私政策》' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(suite.page.url()).pathname).toBe('/login');
      expect(await suite.page.evaluate(() => localStorage.getItem('privacyAccepted'))).toBe('true');
      await suite.page.reload();
      await suite.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await suite.page.getByRole('dialog', { name: '隐私政策' }).count()).toBe(0);
    });

    it('accepting the gate on a phone puts focus on the login heading, not on <body>', async () => {
      await suite.page.setViewportSize(PHONE_VIEWPORT);
      await suite.page.goto('/see-for-me');
      const dialog = suite.page.getByRole('dialog', { name: '隐私政策' });
      await dialog.getByRole('button', { name: '我已阅读并同意《隐私政策》' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() =>
          suite.page.evaluate(
            () => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`,
          ),
        )
        .toBe('H1 登录');
    });

    it('opens the full policy from the gate', async () => {
      await suite.page.goto('/login');
      await suite.page.getByRole('button', { name: '查看完整隐私政策' }).click();
      await suite.page.waitForURL((u) => u.pathname === '/privacy');
      await expect.poll(() => suite.page.getByRole('heading', { level: 1 }).textContent()).toBe('隐私政策');
    });

    it('declining tries to close the window and says so when the browser refuses', async () => {
      await suite.page.goto('/login');
      await suite.page.getByRole('button', { name: '不同意并退出' }).click();
      // A tab the script did not open cannot be closed by it: the app must tell the user.
      const alert = suite.page.getByRole('alert').filter({ hasText: /关闭/ });
      await alert.first().waitFor();
      expect(await suite.page.evaluate(() => localStorage.getItem('privacyAccepted'))).not.toBe('true');
    });

    it('declining in a window the app may close closes it', async () => {
      await suite.page.goto('/');
      const [popup] = await Promise.all([
        suite.page.waitForEvent('popup'),
        suite.page.evaluate(() => {
          window.open('/login', '_blank');
        }),
      ]);
      const closed = popup.waitForEvent('close', { timeout: 5_000 });
      // The click closes the suite.page under Playwright's feet: don't wait for anything after it.
      await popup.getByRole('button', { name: '不同意并退出' }).click({ noWaitAfter: true });
      await closed;
      expect(popup.isClosed()).toBe(true);
    });
  },
);
