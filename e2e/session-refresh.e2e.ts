import { endpoints } from '@sfm/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason } from './support/browser.ts';
import { usePageSuite } from './support/suite.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

// Access tokens live 2 s on this server, so a test can outlive one.
const TOKEN_TTL_SECONDS = 2;
const outliveToken = () => new Promise((r) => setTimeout(r, TOKEN_TTL_SECONDS * 1000 + 800));

describe.skipIf(!hasChromium)(
  `silent token refresh and its failure${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    const suite = usePageSuite({ serverEnv: { ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) } });
    let calls: string[];

    beforeEach(() => {
      calls = [];
      suite.page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.startsWith('/api/'))
          calls.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
      });
    });

    /** Waits for the app to be at `pathname`; a timeout says where it is and what it asked the server. */
    const arriveAt = (pathname: string) =>
      suite.page
        .waitForURL((u) => u.pathname === pathname)
        .catch((error: unknown) => {
          throw new Error(`still at ${suite.page.url()}; the app's calls: ${calls.join(', ')}`, {
            cause: error,
          });
        });

    const loggedIn = async () => {
      const session = await registerViaApi(suite.server, {
        phone: uniquePhone(),
        password: 'long-enough-1',
      });
      await seedStorage(suite.context, { privacyAccepted: true, session });
      return session;
    };

    it('refreshes an expired token silently and retries the request once', async () => {
      await loggedIn();
      await suite.page.goto('/role-select');
      await suite.page.getByRole('heading', { level: 1 }).waitFor();
      await outliveToken();
      calls.length = 0;

      await suite.page.getByRole('button', { name: /我是志愿者/ }).click();
      await arriveAt('/volunteer-calls');
      expect(calls).toEqual([
        `PATCH ${endpoints.updateMe.path} 401`,
        `POST ${endpoints.refreshToken.path} 200`,
        `PATCH ${endpoints.updateMe.path} 200`,
      ]);
      const user = await suite.page.evaluate(
        () => JSON.parse(localStorage.getItem('user') ?? '{}') as { userType: number },
      );
      expect(user.userType).toBe(1);
    });

    it('clears the session and goes to / when the refresh fails', async () => {
      await loggedIn();
      await suite.page.goto('/role-select');
      await suite.page.getByRole('heading', { level: 1 }).waitFor();
      // Revoke the session the app holds now (app start already rotated the seeded refresh token).
      const refreshToken = await suite.page.evaluate(() => localStorage.getItem('refreshToken'));
      await fetch(suite.server.url + endpoints.logout.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      await outliveToken();

      await suite.page.getByRole('button', { name: /我是志愿者/ }).click();
      await arriveAt('/');
      expect(calls.slice(-2)).toEqual([
        `PATCH ${endpoints.updateMe.path} 401`,
        `POST ${endpoints.refreshToken.path} 401`,
      ]);
      const stored = await suite.page.evaluate(() => [
        localStorage.getItem('token'),
        localStorage.getItem('user'),
      ]);
      expect(stored).toEqual([null, null]);
    });

    it('at app start, a dead token and a dead refresh token log out and go to /', async () => {
      const session = await loggedIn();
      await fetch(suite.server.url + endpoints.logout.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      await outliveToken();
      await suite.page.goto('/profile');
      await arriveAt('/');
      expect(calls).toContain(`POST ${endpoints.verifyToken.path} 200`);
      expect(calls).toContain(`POST ${endpoints.refreshToken.path} 401`);
      expect(await suite.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await suite.page.evaluate(() => localStorage.getItem('initialized'))).not.toBeNull();
    });
  },
);
