import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints } from '@sfm/protocol';
import { versionAdminEndpoints } from '@sfm/protocol/versions-admin';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeApk } from '../apps/server/test/fixtures/apk.ts';
import { adminTokenViaApi, createAdminWithCli } from './support/admin.ts';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
  PHONE_VIEWPORT,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN = 'release-manager';
const ADMIN_PASSWORD = 'admin-pass-123';
const DESKTOP = { width: 1280, height: 900 };
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const APP_STORE = 'https://apps.apple.com/cn/app/id1234567890';
const NOTES = '## 新功能\n\n- 阅读模式更快\n- <img src=x onerror="window.__hacked=1">不执行';

/** The QR code's image, drawn on white with a quiet zone, decoded here by jsQR. */
async function decodeQr(page: Page): Promise<string | null> {
  const pixels = await page.locator('.download__qr img').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const pad = 20;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth + 2 * pad;
    canvas.height = img.naturalHeight + 2 * pad;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, pad, pad);
    const data = g.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height)?.data ?? null;
}

describe.skipIf(!hasChromium)(
  `app download and versions${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    let dataDir: string;
    let server: RunningServer;
    let browser: Browser;
    let adminToken: string;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-versions-'));
      [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
      await createAdminWithCli(dataDir, ADMIN, ADMIN_PASSWORD);
      adminToken = await adminTokenViaApi(server.url, ADMIN, ADMIN_PASSWORD);
    });
    afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()));
      await browser?.close();
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** A visitor's page, as a device of that user agent and screen would open it. */
    async function visitor(options: { userAgent?: string; viewport?: typeof DESKTOP } = {}): Promise<Page> {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'zh-CN',
        bypassCSP: true,
        viewport: options.viewport ?? DESKTOP,
        ...(options.userAgent && { userAgent: options.userAgent }),
      });
      contexts.push(context);
      return context.newPage();
    }

    const expectNoAxeViolations = expectNoAxeViolationsAtRest;

    async function adminApi<T>(endpoint: { method: string; path: string }, body: object): Promise<T> {
      const res = await fetch(server.url + endpoint.path, {
        method: endpoint.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T };
      if (!res.ok) throw new Error(`${endpoint.path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    }

    it('before any release: "no update notes yet", and each platform says there is nothing to download yet', async () => {
      const page = await visitor();
      await page.goto('/download');
      await page.getByRole('heading', { level: 1, name: 'App 下载' }).waitFor();
      await page.getByText('暂无更新说明').waitFor();
      await page.getByText('安卓版还没有发布，发布后会在这里提供下载。').waitFor();
      await page.getByText('iOS 版还没有上架 App Store。').waitFor();
      // no button that can only fail, no link to nowhere, no QR of nothing
      expect(await page.getByRole('button', { name: '下载安卓版' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: '前往 App Store 下载' }).count()).toBe(0);
      expect(await page.locator('.download__qr').count()).toBe(0);
      await expectNoAxeViolations(page);
    });

    it('an operator creates a version with notes (previewed), uploads its APK and publishes it', async () => {
      const page = await visitor();
      await page.addInitScript((token) => {
        localStorage.setItem('privacyAccepted', 'true');
        localStorage.setItem('admin_token', token);
      }, adminToken);
      await page.goto('/bme_admin/versions');
      await page.getByRole('heading', { level: 1, name: '版本管理' }).waitFor();
      await page.locator('.admin-shell__who').waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: '新建版本' }).click();
      const dialog = page.getByRole('dialog', { name: '新建版本' });
      await dialog.getByLabel('版本名称').fill('1.2.0');
      await dialog.getByLabel('构建号', { exact: true }).fill('120');
      await dialog.getByLabel('更新说明（Markdown）').fill(NOTES);
      const preview = dialog.getByRole('region', { name: '预览' });
      await preview.getByRole('heading', { name: '新功能' }).waitFor();
      await preview.getByText('阅读模式更快').waitFor();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: '保存' }).click();
      const row = page.getByRole('row').filter({ hasText: '1.2.0' });
      await row.getByText('未发布').waitFor();

      // the file input behind 上传安装包: a file that is no APK is refused, the real one kept
      const chooser = page.waitForEvent('filechooser');
      await row.getByRole('button', { name: '为 安卓 1.2.0 上传安装包' }).click();
      await (
        await chooser
      ).setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
      await page.getByText('这不是安卓安装包（APK）文件').waitFor();
      const again = page.waitForEvent('filechooser');
      await row.getByRole('button', { name: '为 安卓 1.2.0 上传安装包' }).click();
      await (
        await again
      ).setFiles({
        name: 'see-for-me.apk',
        mimeType: 'application/vnd.android.package-archive',
        buffer: fakeApk(50_000),
      });
      await row.getByRole('link', { name: /^安装包 0\.\d MB$/ }).waitFor();
      await row.getByRole('button', { name: '发布 安卓 1.2.0' }).click();
      await row.getByText('已发布').waitFor();
      await expectNoAxeViolations(page);
    });

    it('desktop: Android and iOS, a QR code that decodes to the APK link, the notes rendered safely', async () => {
      const ios = await adminApi<{ id: string }>(versionAdminEndpoints.createVersion, {
        platform: 'ios',
        versionName: '1.2.0',
        buildNumber: 120,
        updateType: 'optional',
        downloadUrl: APP_STORE,
      });
      await adminApi(versionAdminEndpoints.publishVersion, { id: ios.id, published: true });
      const latest = (await (await fetch(server.url + endpoints.androidLatest.path)).json()) as {
        data: { download_url: string };
      };
      const apkLink = new URL(latest.data.download_url, server.url).href;

      const page = await visitor();
      await page.goto('/download');
      await page.getByText('版本 1.2.0（构建 120）').waitFor();
      const qr = page.getByRole('img', { name: `安卓版下载二维码，用手机扫码即可下载：${apkLink}` });
      await qr.waitFor();
      expect(await qr.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([140, 140]);
      expect(await decodeQr(page)).toBe(apkLink);
      expect(await page.getByRole('link', { name: '前往 App Store 下载' }).getAttribute('href')).toBe(
        APP_STORE,
      );

      const changelog = page.getByRole('region', { name: '更新日志' });
      await changelog
        .getByRole('heading', { level: 3, name: /^1\.2\.0 · Android · \d{4}-\d{2}-\d{2}$/ })
        .waitFor();
      await changelog.getByRole('heading', { level: 4, name: '新功能' }).waitFor();
      await changelog.getByText('阅读模式更快').waitFor();
      expect(await changelog.locator('img, script').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: '下载安卓版' }).click();
      expect((await download).suggestedFilename()).toBe('see-for-me-1.2.0.apk');
      await expectNoAxeViolations(page);
    });

    it('Android: the download button only, no QR code and no App Store link', async () => {
      const page = await visitor({ userAgent: ANDROID_UA, viewport: PHONE_VIEWPORT });
      await page.goto('/download');
      await page.getByText('版本 1.2.0（构建 120）').waitFor();
      await page.getByRole('button', { name: '下载安卓版' }).waitFor();
      expect(await page.getByRole('link', { name: '前往 App Store 下载' }).count()).toBe(0);
      expect(await page.locator('.download__qr').count()).toBe(0);
      await expectNoAxeViolations(page);
    });

    it('iOS: the App Store link only', async () => {
      const page = await visitor({ userAgent: IPHONE_UA, viewport: PHONE_VIEWPORT });
      await page.goto('/download');
      const store = page.getByRole('link', { name: '前往 App Store 下载' });
      await expect.poll(() => store.getAttribute('href')).toBe(APP_STORE);
      expect(await page.getByRole('button', { name: '下载安卓版' }).count()).toBe(0);
      expect(await page.locator('.download__qr').count()).toBe(0);
      await expectNoAxeViolations(page);
    });
  },
);
