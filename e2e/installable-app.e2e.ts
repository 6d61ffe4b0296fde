import type { AuthSession } from '@sfm/protocol';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, noChromiumReason, PHONE_VIEWPORT } from './support/browser.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';
import { usePageSuite } from './support/suite.ts';

const UNREACHABLE = '无法连接服务器，请检查网络。恢复连接后会自动继续。';
const REACHABLE_AGAIN = '已重新连接服务器';

/** Opens /see-for-me signed in and waits until the service worker, its precache done, controls the page. */
async function installed(page: Page): Promise<void> {
  await page.goto('/see-for-me');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Every URL in the page's Cache Storage. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

describe.skipIf(!hasChromium)(
  `the installable app: service worker and offline shell${hasChromium ? '' : ` (${noChromiumReason})`}`,
  () => {
    const suite = usePageSuite({
      browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
      serviceWorkers: 'allow',
    });
    let session: AuthSession;

    beforeAll(async () => {
      session = await registerViaApi(suite.server, {
        phone: uniquePhone(),
        password: 'long-enough-1',
        nickname: '离线',
      });
    });

    it('is installable: a manifest that starts at /see-for-me, standalone, with its icons', async () => {
      await suite.page.goto('/');
      const href = await suite.page.locator('link[rel="manifest"]').getAttribute('href');
      const response = await suite.page.request.get(href ?? '');
      const manifest = (await response.json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        short_name: '帮我看看',
        start_url: '/see-for-me',
        display: 'standalone',
      });
      const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
      expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of icons)
        expect((await suite.page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
    });

    it('starts /see-for-me from the worker, offline says plainly the server cannot be reached, and back online that it can', async () => {
      const { context, page } = suite;
      await page.setViewportSize(PHONE_VIEWPORT);
      await seedStorage(context, { privacyAccepted: true, session });
      await installed(page);
      // a repeat visit: the shell comes from the worker, not the network
      expect((await page.reload())?.fromServiceWorker()).toBe(true);

      await context.setOffline(true);
      const offline = await page.reload();
      expect(offline?.fromServiceWorker()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('帮我看看');
      await expect.poll(() => page.getByTestId('server-unreachable').textContent()).toBe(UNREACHABLE);
      await expect.poll(() => page.getByTestId('live-alert').textContent()).toBe(UNREACHABLE);

      await context.setOffline(false);
      await page.getByTestId('server-unreachable').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('live-polite').textContent()).toBe(REACHABLE_AGAIN);
    });

    it('offline, plays a sound from the cache in the byte ranges browsers ask <audio> sources in', async () => {
      const { context, page } = suite;
      await seedStorage(context, { privacyAccepted: true, session });
      await installed(page);
      await context.setOffline(true);
      const part = await page.evaluate(async () => {
        const response = await fetch('/assets/audio/dong.mp3', { headers: { Range: 'bytes=100-199' } });
        return {
          status: response.status,
          range: response.headers.get('content-range'),
          length: (await response.arrayBuffer()).byteLength,
        };
      });
      expect(part).toMatchObject({ status: 206, length: 100 });
      expect(part.range).toMatch(/^bytes 100-199\/\d+$/);
    });

    it('never answers an API call from a cache: offline, the call fails; no cache holds an API answer', async () => {
      const { context, page } = suite;
      await seedStorage(context, { privacyAccepted: true, session });
      await installed(page);
      const online = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/site');
      await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
      expect((await online).fromServiceWorker()).toBe(false);

      await context.setOffline(true);
      const offlineCall = await page.evaluate(() =>
        fetch('/api/site').then(
          () => 'answered',
          () => 'failed',
        ),
      );
      expect(offlineCall).toBe('failed');
      const cached = await cachedUrls(page);
      expect(cached).toEqual(expect.arrayContaining(['/index.html', '/assets/audio/dong.mp3']));
      expect(cached.filter((url) => url.startsWith('/api/') || url.startsWith('/socket.io/'))).toEqual([]);
    });
  },
);
