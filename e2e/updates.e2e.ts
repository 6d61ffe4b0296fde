import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APK_CONTENT_TYPE, APK_UPLOAD_PATH, versionAdminEndpoints } from '@sfm/protocol/versions-admin';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApk } from '../apps/server/test/fixtures/apk.ts';
import { adminTokenViaApi, createAdminWithCli } from './support/admin.ts';
import { hasChromium, launchBrowser, noChromiumReason, PHONE_VIEWPORT } from './support/browser.ts';
import { repoRoot, startServer, type RunningServer } from './support/server.ts';

const ADMIN = 'release-manager';
const ADMIN_PASSWORD = 'admin-pass-123';

/**
 * The Capacitor shell's side of the bridge, as @capacitor/core sees it: an Android bridge object,
 * the plugin headers the shell would inject (App, Clipboard, the HTTP plugin) and their calls,
 * recorded and answered as the real plugins would (the app's own build is 100; HTTP requests are
 * made and their text handed back). Page source text: no imports.
 */
function fakeAndroidShell(): void {
  const calls: { plugin: string; method: string; options: unknown }[] = [];
  Object.assign(window, {
    __nativeCalls: calls,
    androidBridge: { postMessage: () => undefined },
    Capacitor: {
      PluginHeaders: [
        {
          name: 'App',
          methods: [
            { name: 'getInfo', rtype: 'promise' },
            { name: 'addListener', rtype: 'callback' },
          ],
        },
        { name: 'Clipboard', methods: [{ name: 'write', rtype: 'promise' }] },
        { name: 'CapacitorHttp', methods: [{ name: 'request', rtype: 'promise' }] },
      ],
      nativePromise(plugin: string, method: string, options: unknown) {
        calls.push({ plugin, method, options });
        if (plugin === 'App' && method === 'getInfo')
          return Promise.resolve({ id: 'app.seeforme', name: '帮我看看', build: '100', version: '1.0.0' });
        if (plugin === 'CapacitorHttp') {
          // the native HTTP stack: the request made outside the web view, its text handed back
          const request = options as { url: string; method: string; headers: HeadersInit; data?: string };
          const init = { method: request.method, headers: request.headers, body: request.data };
          return fetch(request.url, init).then(async (r) => ({
            status: r.status,
            data: await r.text(),
            headers: {},
            url: r.url,
          }));
        }
        return Promise.resolve({});
      },
      nativeCallback: () => 'callback',
    },
  });
}

describe.skipIf(!hasChromium)(`updates at app start${hasChromium ? '' : ` (${noChromiumReason})`}`, () => {
  let dataDir: string;
  let webDir: string;
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-updates-'));
    // a copy of the built app, so that a test can deploy a "new build" into it
    webDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-web-'));
    cpSync(path.join(repoRoot, 'apps/web/dist'), webDir, { recursive: true });
    [server, browser] = await Promise.all([
      startServer({ WEB_DIST_DIR: webDir }, dataDir),
      launchBrowser([], { serviceWorkers: 'allow' }),
    ]);
    await createAdminWithCli(dataDir, ADMIN, ADMIN_PASSWORD);
    adminToken = await adminTokenViaApi(server.url, ADMIN, ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    for (const dir of [dataDir, webDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function admin(endpoint: { method: string; path: string }, body: object): Promise<{ id: string }> {
    const res = await fetch(server.url + endpoint.path, {
      method: endpoint.method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${endpoint.path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { id: string } }).data;
  }

  async function newPage(options: { bypassCSP?: boolean } = {}): Promise<Page> {
    context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      viewport: PHONE_VIEWPORT,
      ...options,
    });
    return context.newPage();
  }

  /** The app opened at / on a new page, its service worker installed and in control. */
  async function installedApp(options: { bypassCSP?: boolean } = {}): Promise<Page> {
    const page = await newPage(options);
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    return page;
  }

  /**
   * Deploys build `buildNumber` of the web app and announces it as a silent update: a new worker
   * script (its precompressed copies are of the old one). Returns a function that withdraws the
   * announcement, so that the next test's first visit is told of nothing newer.
   */
  async function deployWebBuild(buildNumber: number): Promise<() => Promise<void>> {
    appendFileSync(path.join(webDir, 'sw.js'), `\n// build ${buildNumber}\n`);
    for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(webDir, copy), { force: true });
    const web = await admin(versionAdminEndpoints.createVersion, {
      platform: 'h5',
      versionName: `1.0.${buildNumber - 100}`,
      buildNumber,
      updateType: 'silent',
    });
    await admin(versionAdminEndpoints.publishVersion, { id: web.id, published: true });
    return async () =>
      void (await admin(versionAdminEndpoints.publishVersion, { id: web.id, published: false }));
  }

  /** Every load event of the page from now on (Date.now()), and what its console said. */
  function recordLoads(page: Page): { loads: number[]; said: string[] } {
    const loads: number[] = [];
    const said: string[] = [];
    page.on('load', () => loads.push(Date.now()));
    page.on('console', (message) => said.push(message.text()));
    return { loads, said };
  }

  /** The page has reloaded exactly once, 1 s or more after `loads[0]`, and then stays. */
  async function reloadedOnce(
    page: Page,
    { loads, said }: { loads: number[]; said: string[] },
  ): Promise<void> {
    await expect.poll(() => loads.length, { timeout: 15_000, message: said.join('\n') }).toBe(2);
    expect(loads[1]! - loads[0]!).toBeGreaterThanOrEqual(1_000);
    // the new build is running: no reload after that one
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await new Promise((done) => setTimeout(done, 2_500));
    expect(loads).toHaveLength(2);
  }

  it('web: a new build is deployed and announced; the open app reloads once, 1 s later', async () => {
    const page = await installedApp();
    const withdraw = await deployWebBuild(101);

    const seen = recordLoads(page);
    const checked = page.waitForRequest((r) => r.url().includes('/api/version/check?'));
    await page.reload();
    const check = new URL((await checked).url());
    expect(Object.fromEntries(check.searchParams)).toEqual({ platform: 'h5', current: '100' });
    await reloadedOnce(page, seen);
    await withdraw();
  });

  it('web: a new build that took over while the page was still loading reloads it once too', async () => {
    // an image that takes 6 s holds the page's load event, and with it the worker's registration:
    // the browser's own check on the navigation installs the new build and it takes over first
    // (the reloaded page gets the image at once)
    let requests = 0;
    const slow = createServer((_request, response) => {
      setTimeout(() => response.writeHead(204).end(), requests++ === 0 ? 6_000 : 0);
    });
    await new Promise<void>((done) => slow.listen(0, '127.0.0.1', done));
    const { port } = slow.address() as AddressInfo;
    try {
      const page = await installedApp({ bypassCSP: true });
      const withdraw = await deployWebBuild(102);
      await page.addInitScript((url) => {
        document.addEventListener('DOMContentLoaded', () => {
          const image = new Image();
          image.alt = '';
          image.src = url;
          document.body.append(image);
        });
        // kept across the reload: whether the new worker took over before the page had loaded
        navigator.serviceWorker.addEventListener('controllerchange', () =>
          sessionStorage.setItem('took-over', document.readyState),
        );
      }, `http://127.0.0.1:${port}/slow.png`);

      const seen = recordLoads(page);
      await page.reload({ waitUntil: 'commit' });
      await reloadedOnce(page, seen);
      expect(await page.evaluate(() => sessionStorage.getItem('took-over'))).not.toBe('complete');
      await withdraw();
    } finally {
      slow.close();
    }
  });

  it('Android app: a forced update asks until the download link is copied', async () => {
    const android = await admin(versionAdminEndpoints.createVersion, {
      platform: 'android',
      versionName: '1.3.0',
      buildNumber: 130,
      updateType: 'optional',
      minSupportedBuild: 120,
      releaseNotes: '- 必须更新的修复',
    });
    const upload = await fetch(`${server.url}${APK_UPLOAD_PATH}?id=${android.id}`, {
      method: 'POST',
      headers: { 'content-type': APK_CONTENT_TYPE, authorization: `Bearer ${adminToken}` },
      body: new Uint8Array(fakeApk()),
    });
    expect(upload.status).toBe(200);
    await admin(versionAdminEndpoints.publishVersion, { id: android.id, published: true });

    const page = await newPage();
    await page.addInitScript({ content: `(${fakeAndroidShell.toString()})()` });
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: '发现新版本 1.3.0' });
    await dialog.waitFor();
    await dialog.getByText('当前版本已停止支持，请更新后继续使用。').waitFor();
    await dialog.getByText('必须更新的修复').waitFor();
    expect(await dialog.getByRole('button', { name: '以后再说' }).count()).toBe(0);

    // Esc closes a modal dialog: a forced update's comes straight back
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    await dialog.waitFor();

    await dialog.getByRole('button', { name: '复制下载链接' }).click();
    await dialog.waitFor({ state: 'detached' });
    const calls = await page.evaluate(() => (window as { __nativeCalls?: unknown[] }).__nativeCalls);
    // the update check went through the native HTTP plugin, with its 30 s timeouts
    expect(calls).toContainEqual({
      plugin: 'CapacitorHttp',
      method: 'request',
      options: expect.objectContaining({
        url: `${server.url}/api/version/check?platform=android&current=100`,
        method: 'GET',
        connectTimeout: 30_000,
        readTimeout: 30_000,
      }),
    });
    expect(calls).toContainEqual({
      plugin: 'Clipboard',
      method: 'write',
      options: { string: `${server.url}/api/version/apk/${android.id}/see-for-me-1.3.0.apk` },
    });
    await expect
      .poll(() => page.getByTestId('live-polite').textContent())
      .toBe('下载链接已复制，请在浏览器中打开下载');
  });
});
