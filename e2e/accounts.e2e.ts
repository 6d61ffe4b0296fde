import { describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason, PHONE_VIEWPORT } from './support/browser.ts';
import { usePageSuite } from './support/suite.ts';
import { waitForSmsCode } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const PASSWORD = 'correct-horse-9';

describe.skipIf(!hasChromium)(
  `accounts, roles and the bottom navigation${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    const suite = usePageSuite();

    const pathWithSearch = () => {
      const u = new URL(suite.page.url());
      return decodeURIComponent(u.pathname + u.search);
    };

    const politeText = () =>
      suite.page
        .locator('[role="status"]')
        .allTextContents()
        .then((t) => t.join(' '));

    const regionText = (testId: 'live-polite' | 'live-alert') => suite.page.getByTestId(testId).textContent();

    it('registers, is asked for the role, lands on the redirect target; logs out and back in without being asked again', async () => {
      await suite.page.setViewportSize(PHONE_VIEWPORT);
      await seedStorage(suite.context, { privacyAccepted: true });
      const phone = uniquePhone();
      await suite.page.goto('/profile');
      await suite.page.waitForURL((u) => u.pathname === '/login');

      await suite.page.getByRole('tab', { name: '注册' }).click();
      await suite.page.getByLabel('手机号').fill(phone);
      // the phone is proven before an account exists
      const since = suite.server.logs.length;
      await suite.page.getByRole('button', { name: '获取验证码' }).click();
      const code = await waitForSmsCode(suite.server, phone, { since });
      await suite.page.getByRole('textbox', { name: '验证码' }).fill(code);
      await suite.page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await suite.page.getByLabel('昵称（可选）').fill('小明');
      await suite.page.getByRole('button', { name: '注册', exact: true }).click();

      await suite.page.waitForURL((u) => u.pathname === '/role-select');
      expect(pathWithSearch()).toBe('/role-select?redirect=/profile');
      await expect.poll(() => regionText('live-polite')).toBe('注册成功，已为您登录');
      await suite.page.getByRole('button', { name: '我是志愿者' }).click();

      await suite.page.waitForURL((u) => u.pathname === '/profile');
      await expect.poll(() => suite.page.getByRole('heading', { level: 1 }).textContent()).toBe('个人中心');
      await expect.poll(() => suite.page.getByLabel('昵称', { exact: true }).inputValue()).toBe('小明');
      expect(await suite.page.locator('main').textContent()).toContain('身份：志愿者');

      await suite.page.getByRole('button', { name: '退出登录' }).click();
      await suite.page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(suite.page.url()).search).toBe('');
      const stored = await suite.page.evaluate(() => ({
        token: localStorage.getItem('token'),
        user: localStorage.getItem('user'),
        privacy: localStorage.getItem('privacyAccepted'),
      }));
      expect(stored).toEqual({ token: null, user: null, privacy: 'true' });

      await suite.page.getByRole('tab', { name: '密码登录' }).click();
      await suite.page.getByLabel('手机号').fill(phone);
      await suite.page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await suite.page.getByRole('button', { name: '登录', exact: true }).click();
      // the role was chosen once: a plain login goes straight on
      await suite.page.waitForURL((u) => u.pathname === '/see-for-me');
    });

    it('shows a form error under its field and the server refusal in an alert, keeps what was typed, and leaves no "正在登录…" behind', async () => {
      await suite.page.setViewportSize(PHONE_VIEWPORT);
      await seedStorage(suite.context, { privacyAccepted: true });
      await suite.page.goto('/login');
      const phone = suite.page.getByLabel('手机号');
      await phone.fill('12345');
      await suite.page.getByLabel('密码', { exact: true }).fill('whatever-1');
      await suite.page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
      expect(await phone.inputValue()).toBe('12345');

      await phone.fill(uniquePhone());
      await suite.page.getByRole('button', { name: '登录', exact: true }).click();
      await expect
        .poll(() =>
          suite.page
            .getByRole('alert')
            .allTextContents()
            .then((t) => t.join(' ')),
        )
        .toContain('手机号或密码错误');
      // the alert comes a frame after the request ended: a status left behind would be showing by now
      expect(await regionText('live-polite')).toBe('');
    });

    it('empties the live regions when another page opens', async () => {
      await suite.page.setViewportSize(PHONE_VIEWPORT);
      const session = await registerViaApi(suite.server, { phone: uniquePhone(), password: PASSWORD });
      await seedStorage(suite.context, { privacyAccepted: true, session });
      await suite.page.goto('/profile');
      await suite.page.getByRole('checkbox', { name: /由屏幕阅读器朗读结果/ }).check();
      await expect.poll(() => regionText('live-polite')).toBe('已开启，结果由屏幕阅读器朗读');

      await suite.page.getByRole('link', { name: '更改身份' }).click();
      await suite.page.waitForURL((u) => u.pathname === '/role-select');
      await expect.poll(() => regionText('live-polite')).toBe('');
    });

    it('logs in with an SMS code from the embedded sender', async () => {
      await seedStorage(suite.context, { privacyAccepted: true });
      const phone = uniquePhone();
      await suite.page.goto('/login?redirect=/profile');
      await suite.page.getByRole('tab', { name: '验证码登录' }).click();
      await suite.page.getByLabel('手机号').fill(phone);
      await suite.page.getByRole('button', { name: '获取验证码' }).click();
      const code = await waitForSmsCode(suite.server, phone);
      await suite.page.getByRole('textbox', { name: '验证码' }).fill(code);
      await suite.page.getByRole('button', { name: '登录', exact: true }).click();
      // this account has no role yet: it is asked for one first, then goes on to the redirect target
      await suite.page.waitForURL((u) => u.pathname === '/role-select');
      expect(pathWithSearch()).toBe('/role-select?redirect=/profile');
    });

    it('chooses a role and announces it; the volunteer item follows the stored role', async () => {
      const session = await registerViaApi(suite.server, { phone: uniquePhone(), password: PASSWORD });
      await seedStorage(suite.context, { privacyAccepted: true, session });
      await suite.page.goto('/role-select');
      const volunteerItem = () =>
        suite.page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /志愿者模式/ });
      expect(await volunteerItem().getAttribute('href')).toBe('/role-select');

      await suite.page.getByRole('button', { name: /我是志愿者/ }).click();
      // a volunteer goes on to the page where calls ring
      await suite.page.waitForURL((u) => u.pathname === '/volunteer-calls');
      await expect.poll(politeText).toMatch(/志愿者/);
      expect(await volunteerItem().getAttribute('href')).toBe('/volunteer-calls');

      await suite.page.goto('/role-select');
      await suite.page.getByRole('button', { name: /我需要视觉帮助/ }).click();
      await suite.page.waitForURL((u) => u.pathname === '/see-for-me');
      expect(await volunteerItem().getAttribute('href')).toBe('/video-call');
      const user = await suite.page.evaluate(
        () => JSON.parse(localStorage.getItem('user') ?? '{}') as { userType: number },
      );
      expect(user.userType).toBe(0);
    });

    it('resets a forgotten password by a code from the login page, then changes it and logs out everywhere from the personal centre', async () => {
      await suite.page.setViewportSize(PHONE_VIEWPORT);
      const phone = uniquePhone();
      const elsewhere = await registerViaApi(suite.server, { phone, password: PASSWORD });
      await seedStorage(suite.context, { privacyAccepted: true });
      await suite.page.goto('/login?redirect=/profile');
      await suite.page.getByRole('button', { name: '忘记密码？' }).click();
      await expect.poll(() => suite.page.getByRole('heading', { level: 1 }).textContent()).toBe('找回密码');
      await suite.page.getByLabel('手机号').fill(phone);
      const since = suite.server.logs.length;
      await suite.page.getByRole('button', { name: '获取验证码' }).click();
      await suite.page
        .getByRole('textbox', { name: '验证码' })
        .fill(await waitForSmsCode(suite.server, phone, { since }));
      await suite.page.getByLabel('新密码', { exact: true }).fill('a-new-password-1');
      await suite.page.getByRole('button', { name: '重置密码并登录' }).click();
      await suite.page.waitForURL((u) => u.pathname === '/role-select');
      await expect.poll(() => regionText('live-polite')).toBe('密码已重置，已为您登录');
      // the session the old password opened elsewhere has ended
      const old = await fetch(`${suite.server.url}/api/users/me`, { headers: { token: elsewhere.token } });
      expect(old.status).toBe(401);

      await suite.page.goto('/profile');
      await suite.page.getByRole('button', { name: '修改密码' }).click();
      await suite.page.getByRole('radio', { name: '用当前密码验证' }).check();
      await suite.page.getByLabel('当前密码', { exact: true }).fill('a-new-password-1');
      await suite.page.getByLabel('新密码', { exact: true }).fill('another-password-2');
      await suite.page.getByRole('button', { name: '保存新密码' }).click();
      await expect.poll(() => regionText('live-polite')).toBe('密码已修改，其他设备上的登录已退出');
      // this device goes on with the session the change returned
      await suite.page.reload();
      await expect.poll(() => suite.page.getByRole('heading', { level: 1 }).textContent()).toBe('个人中心');

      await suite.page.getByRole('button', { name: '退出所有设备' }).click();
      await suite.page.getByRole('button', { name: '确定退出所有设备' }).click();
      await suite.page.waitForURL((u) => u.pathname === '/login');
      expect(await suite.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });

    it('lists the five navigation items in order with "已选中" on the current one, hidden on / and /login', async () => {
      const session = await registerViaApi(suite.server, { phone: uniquePhone(), password: PASSWORD });
      await seedStorage(suite.context, { privacyAccepted: true, session });
      await suite.page.goto('/profile');
      const nav = suite.page.getByRole('navigation', { name: '主导航' });
      await nav.waitFor();
      const labels = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
      expect(labels).toEqual(['陪我聊聊', '帮我看看市场', '帮我看看', '志愿者模式', '已选中，个人中心']);

      await nav.getByRole('link', { name: '帮我看看', exact: true }).click();
      await suite.page.waitForURL((u) => u.pathname === '/see-for-me');
      await expect
        .poll(() => nav.getByRole('link', { name: /^已选中/ }).getAttribute('aria-label'))
        .toBe('已选中，帮我看看');
      expect(await nav.getByRole('link', { name: /^已选中/ }).getAttribute('aria-current')).toBe('page');

      for (const path of ['/', '/login']) {
        await suite.page.goto(path);
        await suite.page.getByRole('heading', { level: 1 }).waitFor();
        expect(await suite.page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
      }
    });
  },
);
