/**
 * The document mode (文档) in the real product: the built app and server, Chromium with the canvas
 * camera showing a page the test renders (cut off at the left, then framed), and the speech
 * recorder. The guidance comes from the page's pixels; the page is read by the OCR in the page's
 * worker, or — forced with localStorage `sfm.ocrEngine` = 'server' — by the server's text-lines
 * endpoint. The page saved is then in the personal centre's 我的文档, read aloud and deleted there.
 */
import type { AuthSession } from '@sfm/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
} from './support/browser.ts';
import { FAKE_CAMERA_ARGS, type SpokenRecord } from './support/camera.ts';
import { ocrChannelContext, openMoreMode, showOnCamera } from './support/canvas-camera.ts';
import { documentPage, emptyTable, type DocumentPageText } from './support/document-page.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, uniquePhone } from './support/session.ts';

const NOTICE: DocumentPageText = {
  heading: '停水通知',
  paragraphs: [
    ['明天上午九点到下午五点', '小区停水，请提前储水。'],
    ['给您带来不便，敬请谅解。', '物业服务中心'],
  ],
};
const TEXT_LINES = '/api/vision/text-lines';

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The first utterance at or after `since` whose text (spaces aside) includes `words`, waiting for it. */
async function heard(page: Page, words: string, since = 0, timeout = 60_000): Promise<SpokenRecord> {
  const handle = await page.waitForFunction(
    ({ w, since }) =>
      (window as unknown as { __spoken: SpokenRecord[] }).__spoken.find(
        (s) => s.at >= since && s.text.replace(/\s+/g, '').includes(w),
      ) ?? null,
    { w: squeeze(words), since },
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as SpokenRecord;
}

const spokenTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: SpokenRecord[] }).__spoken.map((s) => s.text));

let server: RunningServer;
let browser: Browser;
let session: AuthSession;

/** The document mode open, with nothing but the table in view; `engine` pins where its OCR runs. */
async function documentMode(engine: 'device' | 'server'): Promise<{ page: Page; requests: string[] }> {
  const context = await ocrChannelContext(browser, { baseURL: server.url, session, engine });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/see-for-me');
  await openMoreMode(page, '文档');
  return { page, requests };
}

/** A cut-off page guided into frame, captured and read: the page as it was spoken. */
async function guideAndRead(page: Page): Promise<SpokenRecord> {
  // about a quarter of the page beyond the left side of the picture
  await showOnCamera(page, await documentPage(NOTICE, { centreX: 0.08 }));
  const hint = await heard(page, '往左移', 0, 15_000);
  await showOnCamera(page, await documentPage(NOTICE));
  return heard(page, '停水通知', hint.at);
}

describe.skipIf(!hasChromium)(`document mode${hasChromium ? '' : ` (${noChromiumReason})`}`, () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser(FAKE_CAMERA_ARGS)]);
    session = await registerViaApi(server, { phone: uniquePhone(), password: 'secret123' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('on the device: guides a cut-off page into frame, reads it in order and saves it to the personal centre', async () => {
    const { page, requests } = await documentMode('device');
    await showOnCamera(page, await emptyTable());
    await heard(page, '没有找到文档', 0, 15_000);
    await expectNoAxeViolationsAtRest(page);

    const reading = await guideAndRead(page);
    const text = squeeze(reading.text);
    // the heading said as one, then the paragraphs in order
    expect(text).toMatch(/^标题：停水通知/);
    expect(text.indexOf('明天上午九点')).toBeGreaterThan(text.indexOf('停水通知'));
    expect(text.indexOf('物业服务中心')).toBeGreaterThan(text.indexOf('明天上午九点'));
    expect(reading.text.split('\n').length).toBeGreaterThanOrEqual(3);
    // said once, however long the page stays in view; no hint cut it off
    await page.waitForTimeout(2500);
    const after = (await spokenTexts(page)).slice(-3);
    expect(after.filter((t) => squeeze(t).includes('停水通知'))).toHaveLength(1);
    expect(requests.some((u) => u.endsWith(TEXT_LINES))).toBe(false);

    await page.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(() => page.getByTestId('sfm-status').textContent(), { timeout: 5_000 })
      .toContain('文档已保存');
    await expectNoAxeViolationsAtRest(page);

    await page.goto('/profile');
    const card = page.getByRole('region', { name: '我的文档' });
    await card.getByRole('heading', { name: '停水通知', level: 3 }).waitFor({ timeout: 10_000 });
    await expectNoAxeViolationsAtRest(page);
    const since = await page.evaluate(() => performance.now());
    await card.getByRole('button', { name: '朗读：停水通知' }).click();
    expect(squeeze((await heard(page, '停水通知', since, 5_000)).text)).toContain('物业服务中心');
    await card.getByRole('button', { name: '删除：停水通知' }).click();
    await card.getByText('还没有保存的文档').waitFor({ timeout: 5_000 });
    await page.reload();
    await page
      .getByRole('region', { name: '我的文档' })
      .getByText('还没有保存的文档')
      .waitFor({ timeout: 10_000 });
    await page.context().close();
  }, 180_000);

  it("on the server's OCR (a device too slow): the page is read there", async () => {
    const { page, requests } = await documentMode('server');
    const reading = await guideAndRead(page);
    expect(squeeze(reading.text)).toContain('小区停水');
    expect(requests.some((u) => u.endsWith(TEXT_LINES))).toBe(true);
    await page.context().close();
  }, 120_000);
});
