import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/fakes/oidc-provider.ts';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
  PHONE_VIEWPORT,
} from './support/browser.ts';
import { freePort, startServer, waitForSmsCode, type RunningServer } from './support/server.ts';
import { seedStorage, uniquePhone } from './support/session.ts';

const LABEL = '测试账号';

describe.skipIf(!hasChromium)(
  `third-party login through a real OpenID Connect provider${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    let provider: TestOidcProvider;
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      // the provider must know the callback's URL, so the app's port is chosen first
      const port = await freePort();
      provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/auth/callback` });
      [server, browser] = await Promise.all([
        startServer({
          PORT: String(port),
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          OIDC_LABEL: LABEL,
          OIDC_REDIRECT_URI: `http://127.0.0.1:${port}/auth/callback`,
        }),
        launchBrowser(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await provider?.close();
    });
    beforeEach(async () => {
      // axe is injected as a script, which the app's CSP would refuse
      context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
      page = await context.newPage();
      await page.setViewportSize(PHONE_VIEWPORT);
      await seedStorage(context, { privacyAccepted: true });
    });
    afterEach(async () => {
      await context?.close();
    });

    const politeText = () => page.getByTestId('live-polite').textContent();

    it('logs in at the provider, lands on the saved redirect (after the role question), and a replayed callback is refused', async () => {
      provider.login = { sub: 'e2e-person', name: '小王' };
      const visited: string[] = [];
      // every hop, the provider's redirects included (they never commit a page of their own)
      page.on('request', (request) => {
        if (request.isNavigationRequest()) visited.push(request.url());
      });

      await page.goto('/login?redirect=/points-logs');
      const button = page.getByRole('button', { name: `使用${LABEL}登录` });
      await button.waitFor();
      await expectNoAxeViolationsAtRest(page);

      await button.click();
      await page.waitForURL((u) => u.pathname === '/role-select');
      expect(decodeURIComponent(new URL(page.url()).search)).toBe('?redirect=/points-logs');
      await expect.poll(politeText).toBe('登录成功');
      const callback = visited.find((u) => new URL(u).pathname === '/auth/callback');
      const returned = new URL(callback ?? 'http://none/').searchParams;
      expect(returned.get('code')).toMatch(/^[\w-]{20,}$/);
      expect(returned.get('state')).toMatch(/^[\w-]{43}$/);
      expect(visited.some((u) => u.startsWith(provider.issuer))).toBe(true);

      await page.getByRole('button', { name: /我需要视觉帮助/ }).click();
      await page.waitForURL((u) => u.pathname === '/points-logs');
      await page.goto('/profile');
      await expect.poll(() => page.locator('main').textContent()).toContain('手机号：未绑定');

      // a phone is bound later with the SMS code of the login page
      await expectNoAxeViolationsAtRest(page);
      const phone = uniquePhone();
      await page.getByRole('textbox', { name: '手机号' }).fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('textbox', { name: '验证码' }).fill(await waitForSmsCode(server, phone));
      await page.getByRole('button', { name: '绑定手机号' }).click();
      await expect
        .poll(() => page.locator('main').textContent())
        .toContain(`手机号：${phone.slice(0, 3)}****${phone.slice(7)}`);

      // the same callback again: its login is spent, the page says so and offers the way back
      await page.goto(callback!);
      const alert = page.getByText('本次登录已过期或已完成，请重新登录');
      await alert.waitFor();
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(await page.getByRole('link', { name: '返回登录页' }).getAttribute('href')).toBe('/login');
      await expectNoAxeViolationsAtRest(page);
    });

    it('a login declined at the provider comes back to the callback page, which says so', async () => {
      provider.login = 'deny';
      await page.goto('/login');
      await page.getByRole('button', { name: `使用${LABEL}登录` }).click();
      await page.getByText('已取消第三方登录').waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/callback');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await page.getByRole('link', { name: '返回登录页' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
    });
  },
);
