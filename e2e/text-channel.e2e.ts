/**
 * Instant text (短文本) in the real product: the built app and server, Chromium with the canvas
 * camera showing text cards the test renders, and the speech recorder. The OCR runs in the page's
 * worker (onnxruntime-web, the models from our own build), or — forced with localStorage
 * `sfm.ocrEngine` = 'server' (ocr-client.ts's test hook) — on the server's text-lines endpoint.
 */
import type { AuthSession } from '@sfm/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolationsAtRest,
  hasChromium,
  launchBrowser,
  noChromiumReason,
} from './support/browser.ts';
import { FAKE_CAMERA_ARGS, type SpokenRecord } from './support/camera.ts';
import { ocrChannelContext, openMoreMode, showOnCamera } from './support/canvas-camera.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, uniquePhone } from './support/session.ts';
import { textCard } from './support/text-card.ts';

const TEXT_LINES = '/api/vision/text-lines';

/** Every utterance so far, and the moments speech was cancelled (a hush or an interrupt). */
async function recordCancels(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __cancels: number[]; __tones: number[] };
    w.__cancels = [];
    w.__tones = [];
    const synth = window.speechSynthesis;
    const cancel = synth.cancel.bind(synth);
    synth.cancel = () => {
      w.__cancels.push(performance.now());
      cancel();
    };
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      w.__tones.push(this.frequency.value);
      start.call(this, when);
    };
  });
}

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: SpokenRecord[] }).__spoken);
const cancels = (page: Page) => page.evaluate(() => (window as unknown as { __cancels: number[] }).__cancels);
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones);

/** The first utterance whose text (spaces aside) includes `words`, waiting for it. */
async function heard(page: Page, words: string, timeout = 60_000): Promise<SpokenRecord> {
  const handle = await page.waitForFunction(
    (w) =>
      (window as unknown as { __spoken: SpokenRecord[] }).__spoken.find((s) =>
        s.text.replace(/\s+/g, '').includes(w),
      ) ?? null,
    words.replace(/\s+/g, ''),
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as SpokenRecord;
}

const timesHeard = async (page: Page, words: string) =>
  (await spoken(page)).filter((s) => s.text.replace(/\s+/g, '').includes(words.replace(/\s+/g, ''))).length;

let server: RunningServer;
let browser: Browser;
let session: AuthSession;

/** The text mode open on a new page; `engine` pins where its OCR runs. */
async function textMode(engine: 'device' | 'server'): Promise<{ page: Page; requests: string[] }> {
  const context = await ocrChannelContext(browser, {
    baseURL: server.url,
    session,
    engine,
    // the installed app: its service worker, then the models kept for offline use
    serviceWorkers: engine === 'device' ? 'allow' : 'block',
  });
  await recordCancels(context);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/see-for-me');
  if (engine === 'device') {
    // the camera page keeps the OCR's models once it has loaded: the network then goes, as on a
    // train, before the mode is ever opened
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('sfm-ocr-assets')).keys()).length), {
        timeout: 60_000,
      })
      .toBe(3);
    await context.setOffline(true);
  }
  await showOnCamera(page, await textCard([]));
  await openMoreMode(page, '短文本');
  return { page, requests };
}

describe.skipIf(!hasChromium)(`instant text${hasChromium ? '' : ` (${noChromiumReason})`}`, () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser(FAKE_CAMERA_ARGS)]);
    session = await registerViaApi(server, {
      phone: uniquePhone(),
      password: 'long-enough-1',
      nickname: '读字',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('on the device, offline: reads text as it comes into view, new text stops the old, nothing is repeated', async () => {
    const { page, requests } = await textMode('device');
    await showOnCamera(page, await textCard(['营业时间', '早上九点']));
    const first = await heard(page, '营业时间');
    expect(first.text.replace(/\s+/g, '')).toContain('早上九点');
    // the tick came first: "text is in view"
    expect(await tones(page)).toContain(1600);

    // the same text kept in view (the frames jitter nothing away): not read again
    await page.waitForTimeout(3000);
    expect(await timesHeard(page, '营业时间')).toBe(1);

    // new text replaces it: what was said is stopped, the new text read, the old not repeated
    await showOnCamera(page, await textCard(['禁止吸烟']));
    const second = await heard(page, '禁止吸烟', 15_000);
    expect((await cancels(page)).some((at) => at > first.at && at <= second.at)).toBe(true);
    await page.waitForTimeout(2500);
    expect(await timesHeard(page, '营业时间')).toBe(1);
    expect(await timesHeard(page, '禁止吸烟')).toBe(1);

    // held upside down: read the right way up
    await showOnCamera(page, await textCard(['小心台阶'], 180));
    await heard(page, '小心台阶', 15_000);

    // read on the device: the models came from our own server before the network went, no frame
    // went to the server's OCR
    const origin = new URL(server.url).origin;
    expect(requests.some((u) => u.endsWith('.onnx'))).toBe(true);
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(requests.some((u) => u.endsWith(TEXT_LINES))).toBe(false);

    await expectNoAxeViolationsAtRest(page);
    await page.context().close();
    // the first reading waits for the models: loading them on two busy cores takes a while
  }, 180_000);

  it('on the server (a device too slow): the same reading, through the text-lines endpoint', async () => {
    const { page, requests } = await textMode('server');
    await showOnCamera(page, await textCard(['出口', 'EXIT']));
    await heard(page, '出口');
    expect(requests.some((u) => u.endsWith(TEXT_LINES))).toBe(true);

    await showOnCamera(page, await textCard(['请勿停车']));
    await heard(page, '请勿停车', 15_000);
    await page.waitForTimeout(2000);
    expect(await timesHeard(page, '出口')).toBe(1);
    expect(await timesHeard(page, '请勿停车')).toBe(1);
    await page.context().close();
  }, 120_000);
});
