import { endpoints } from '@sfm/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, noChromiumReason } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

// Access tokens live 2 s on this server, so a test can outlive one.
const TOKEN_TTL_SECONDS = 2;
const outliveToken = () => new Promise((r) => setTimeout(r, TOKEN_TTL_SECONDS * 1000 + 800));

describe.skipIf(!hasChromium)(
  `silent token refresh and its failure${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let calls: string[];

    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startServer({ ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) }),
        launchBrowser(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });
    beforeEach(async () => {
      context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
      page = await context.newPage();
      calls = [];
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.startsWith('/api/'))
          calls.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
      });
    });
    afterEach(async () => {
      await context.close();
    });

    const loggedIn = async () => {
      const session = await registerViaApi(server.url, { phone: uniquePhone(), password: 'long-enough-1' });
      await seedStorage(context, { privacyAccepted: true, session });
      return session;
    };

    it('refreshes an expired token silently and retries the request once', async () => {
      await loggedIn();
      await page.goto('/role-select');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await outliveToken();
      calls.length = 0;

      await page.getByRole('button', { name: /我是志愿者/ }).click();
      await page.waitForURL((u) => u.pathname === '/see-for-me');
      expect(calls).toEqual([
        `PATCH ${endpoints.updateMe.path} 401`,
        `POST ${endpoints.refreshToken.path} 200`,
        `PATCH ${endpoints.updateMe.path} 200`,
      ]);
      const user = await page.evaluate(
        () => JSON.parse(localStorage.getItem('user') ?? '{}') as { userType: number },
      );
      expect(user.userType).toBe(1);
    });

    it('clears the session and goes to / when the refresh fails', async () => {
      await loggedIn();
      await page.goto('/role-select');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Revoke the session the app holds now (app start already rotated the seeded refresh token).
      const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
      await fetch(server.url + endpoints.logout.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      await outliveToken();

      await page.getByRole('button', { name: /我是志愿者/ }).click();
      await page.waitForURL((u) => u.pathname === '/');
      expect(calls.slice(-2)).toEqual([
        `PATCH ${endpoints.updateMe.path} 401`,
        `POST ${endpoints.refreshToken.path} 401`,
      ]);
      const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]);
      expect(stored).toEqual([null, null]);
    });

    it('at app start, a dead token and a dead refresh token log out and go to /', async () => {
      const session = await loggedIn();
      await fetch(server.url + endpoints.logout.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      await outliveToken();
      await page.goto('/profile');
      await page.waitForURL((u) => u.pathname === '/');
      expect(calls).toContain(`POST ${endpoints.verifyToken.path} 200`);
      expect(calls).toContain(`POST ${endpoints.refreshToken.path} 401`);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('initialized'))).not.toBeNull();
    });
  },
);
