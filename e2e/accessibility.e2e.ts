import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  hasChromium,
  launchBrowser,
  noChromiumReason,
  PHONE_VIEWPORT,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

/** Buttons, tabs, fields and navigation links smaller than this fail the product's 48 px rule. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, [role="tab"], input:not([type="hidden"]), select, nav a',
      ),
    ]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        // a checkbox, radio or file input inside its label is worked by the whole label: that is the target
        const label =
          el instanceof HTMLInputElement && /^(checkbox|radio|file)$/.test(el.type) && el.closest('label');
        const r = (label || el).getBoundingClientRect();
        // A range input's thumb is what a finger hits; its track may be thin. Check height of the others only.
        return el instanceof HTMLInputElement && el.type === 'range'
          ? r.width < 48
          : r.height < 48 || r.width < 48;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}"`,
      ),
  );
}

describe.skipIf(!hasChromium)(
  `accessibility of every page of the app shell${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    let server: RunningServer;
    let browser: Browser;
    let anonymous: BrowserContext;
    let consented: BrowserContext;
    let member: BrowserContext;

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      anonymous = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
      consented = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
      await seedStorage(consented, { privacyAccepted: true });
      member = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
      const session = await registerViaApi(server, {
        phone: uniquePhone(),
        password: 'long-enough-1',
        nickname: '测试',
      });
      await seedStorage(member, { privacyAccepted: true, session });
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const cases: [string, () => BrowserContext, string, ((p: Page) => Promise<void>)?][] = [
      ['home', () => anonymous, '/'],
      ['privacy policy', () => anonymous, '/privacy'],
      ['download', () => anonymous, '/download'],
      ['login behind the privacy gate', () => anonymous, '/login'],
      ['login, password tab', () => consented, '/login'],
      [
        'login, SMS tab',
        () => consented,
        '/login',
        (p) => p.getByRole('tab', { name: '验证码登录' }).click(),
      ],
      ['login, register tab', () => consented, '/login', (p) => p.getByRole('tab', { name: '注册' }).click()],
      [
        'login with errors shown',
        () => consented,
        '/login',
        async (p) => {
          await p.getByRole('button', { name: '登录', exact: true }).click();
          await p.locator('.field__error').first().waitFor();
        },
      ],
      ['role select', () => member, '/role-select'],
      ['personal centre', () => member, '/profile'],
      ['points history', () => member, '/points-logs'],
      ['recharge and VIP', () => member, '/points-recharge'],
      ['speech debug', () => member, '/speech-debug'],
      ['market', () => member, '/market'],
      ['add a scene', () => member, '/market/scene/add'],
      [
        'add a scene with errors shown',
        () => member,
        '/market/scene/add',
        async (p) => {
          await p.getByRole('button', { name: '提交审核' }).click();
          await p.locator('.field__error').first().waitFor();
        },
      ],
    ];

    it.each(cases)(
      '%s: axe finds nothing, one h1, a main landmark, 48 px targets',
      async (_name, ctx, path, act) => {
        const page = await ctx().newPage();
        try {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          if (act) await act(page);
          await page.waitForTimeout(150);
          const violations = await axeViolations(page);
          expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
          expect(await page.locator('h1').count()).toBe(1);
          expect(await page.locator('main').count()).toBe(1);
          expect(await smallTargets(page)).toEqual([]);
        } finally {
          await page.close();
        }
      },
    );

    it('register on a phone: an invalid number is said once, under the field it belongs to', async () => {
      const page = await consented.newPage();
      try {
        await page.setViewportSize(PHONE_VIEWPORT);
        await page.goto('/login');
        await page.getByRole('tab', { name: '注册' }).click();
        const phone = page.getByLabel('手机号');
        await phone.fill('12345');
        await page.getByLabel('密码', { exact: true }).fill('long-enough-1');
        await page.getByRole('button', { name: '注册', exact: true }).click();
        await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
        const describedBy = await phone.getAttribute('aria-describedby');
        expect(await page.locator(`#${describedBy}`).textContent()).toBe('请输入有效的 11 位手机号');
        expect(await page.getByText('请输入有效的 11 位手机号').count()).toBe(1);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-phone');
        const violations = await axeViolations(page);
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('the first Tab reaches the skip link, which moves focus into main', async () => {
      const page = await member.newPage();
      try {
        await page.goto('/profile');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('跳到主要内容');
        await page.keyboard.press('Enter');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
      } finally {
        await page.close();
      }
    });
  },
);
