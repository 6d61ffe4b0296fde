/**
 * 条码 in the real product: the built app and server, Chromium with the canvas camera showing
 * rendered codes, the speech recorder and a tone probe. A QR code's link is read (never opened:
 * the 打开链接 button is the user's), a payment code is named, a code cut off at the edge has its
 * side said, and a product added in the back office is read with its name. One browser for the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ean13, ean13Png, placeCode, qrPng } from '../apps/web/test/images/rendered-codes.ts';
import { createAdminWithCli } from './support/admin.ts';
import { installToneProbe, toneAfter } from './support/tone-probes.ts';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  PHONE_VIEWPORT,
} from './support/browser.ts';
import { FAKE_CAMERA_ARGS, instrumentSpeech, pageNow, spokenAfter } from './support/camera.ts';
import { installCanvasCamera, openMoreMode, showOnCamera } from './support/canvas-camera.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const ADMIN = 'barcode-admin';
const ADMIN_PASSWORD = 'barcode-admin-pass-1';
const TEA = ean13('690123456789');
const LINK = 'https://www.example.org/zh/products/tea?id=42';
const CAMERA = { width: 1280, height: 720 };

/** Shows the code on the camera; the page's clock just before. */
async function show(
  page: Page,
  code: Buffer,
  placement: Parameters<typeof placeCode>[1] = {},
): Promise<number> {
  const since = await pageNow(page);
  await showOnCamera(page, (await placeCode(code, { ...CAMERA, ...placement })).png);
  return since;
}

describe.skipIf(!hasChromium)('条码 on the device', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sfm-e2e-barcode-'));
    [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser(FAKE_CAMERA_ARGS)]);
    await createAdminWithCli(dataDir, ADMIN, ADMIN_PASSWORD);
    context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      bypassCSP: true,
      viewport: PHONE_VIEWPORT,
    });
    // tsx names functions through an __name helper: the init scripts sent to the page need one there
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const session = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '测试',
    });
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    await installCanvasCamera(context);
    await installToneProbe(context);
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads a QR code’s link domain first, with a tone, and offers 打开链接 without opening it; axe finds nothing', async () => {
    await page.goto('/see-for-me');
    await openMoreMode(page, '条码');
    const since = await show(page, await qrPng(LINK), { angle: 15, blur: 0.8, share: 0.3 });
    expect(await spokenAfter(page, since, /example\.org/)).toBe('链接 example.org，路径 zh products…');
    expect(await toneAfter(page, since)).toBeGreaterThan(since);
    const open = page.getByRole('button', { name: '打开链接' });
    await open.waitFor();
    expect(context.pages()).toHaveLength(1);
    await expectNoAxeViolationsAtRest(page);
  });

  it('names a payment code and never offers to open it', async () => {
    const since = await show(page, await qrPng('https://qr.alipay.com/fkx17422xqnpcdkkr1oqgb5'), {
      share: 0.3,
    });
    expect(await spokenAfter(page, since, /付款码/)).toBe('这是支付宝的付款码，不会打开');
    await expect.poll(() => page.getByRole('button', { name: '打开链接' }).count()).toBe(0);
  });

  it('says the side of a code cut off at the edge of the picture', async () => {
    // straight after the payment code: a code elsewhere in the picture is another one
    const since = await show(page, await qrPng('https://example.com/next'), {
      at: { x: 0.03, y: 0.5 },
      share: 0.22,
    });
    expect(await spokenAfter(page, since, /条码在画面/)).toBe('条码在画面左边');
  });

  it('reads a product added in the back office with its name and notes', async () => {
    const admin = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
    await seedStorage(admin, { privacyAccepted: true });
    try {
      const office = await admin.newPage();
      await office.goto('/bme_admin/products');
      await office.waitForURL((u) => u.pathname === '/bme_admin');
      await office.getByLabel('用户名').fill(ADMIN);
      await office.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
      await office.getByRole('button', { name: '登录' }).click();
      await office.waitForURL((u) => u.pathname === '/bme_admin/products');
      await office.getByRole('heading', { level: 1, name: '商品列表' }).waitFor();
      await office.getByRole('button', { name: '添加商品' }).click();
      const dialog = office.getByRole('dialog');
      await dialog.getByLabel('商品条码').fill(TEA);
      await dialog.getByLabel('商品名称').fill('茉莉花茶 250 克');
      await dialog.getByLabel('备注').fill('含咖啡因');
      await dialog.getByRole('button', { name: '保存' }).click();
      await office.getByRole('cell', { name: '茉莉花茶 250 克' }).first().waitFor();
      await expectNoAxeViolationsAtRest(office);
    } finally {
      await admin.close();
    }

    const since = await show(page, await ean13Png(TEA), { angle: 10, blur: 0.8, share: 0.45 });
    expect(await spokenAfter(page, since, /茉莉花茶/)).toBe(
      `茉莉花茶 250 克。含咖啡因。商品条码 ${TEA.split('').join(' ')}`,
    );
  });
});
