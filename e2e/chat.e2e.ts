import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@sfm/protocol';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
  type FakeChatReply,
} from '../apps/server/test/fakes/chat-completions-server.ts';
import { axeViolations, hasChromium, noChromiumReason, PHONE_VIEWPORT } from './support/browser.ts';
import { hasFfmpeg, launchWithCamera, makeTextImage } from './support/camera.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const canRun = hasChromium && hasFfmpeg;
const skipReason = !hasChromium ? noChromiumReason : 'skipped: ffmpeg is not installed';

interface HeardEvent {
  type: string;
  text?: string;
  engine?: string;
  /** Whether an answer was still being written when the event came. */
  busy: boolean;
}

/** The app speaks through the server's stream (cloud engine); every speech event is recorded. */
async function listen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    localStorage.setItem('speechEngine', 'cloud');
    const heard: HeardEvent[] = [];
    (window as unknown as { __heard: HeardEvent[] }).__heard = heard;
    window.addEventListener('sfm:speech', (e) =>
      heard.push({
        ...(e as CustomEvent<Omit<HeardEvent, 'busy'>>).detail,
        busy: document.querySelector('.chat-message[aria-busy="true"]') !== null,
      }),
    );
  });
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard: HeardEvent[] }).__heard);
const started = async (page: Page, text: RegExp) =>
  (await heard(page)).find((e) => e.type === 'speechStarted' && text.test(e.text ?? ''));

describe.skipIf(!canRun)(`AI chat on a streaming model${canRun ? '' : ` (${skipReason})`}`, () => {
  let fake: FakeChatCompletions;
  let reply: FakeChatReply = { pieces: [] };
  let server: RunningServer;
  let session: AuthSession;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeChatCompletions(() => reply, { apiKey: 'sk-e2e' });
    server = await startServer({
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-e2e',
      CHAT_MODEL: 'fake-chat',
      CHAT_VISION_MODEL: 'fake-vl',
      // the fake speaks chat only: photos elsewhere stay offline, and nothing listens through it
      VISION_ENGINE: 'embedded',
      ASR_ENGINE: 'none',
    });
    session = await registerViaApi(server, { phone: uniquePhone(), password: 'long-enough-1' });
    browser = await launchWithCamera(await makeTextImage(['缴费通知', '请于月底前缴清'], 'chat-letter.png'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  async function openChat(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      bypassCSP: true,
      viewport: PHONE_VIEWPORT,
    });
    await seedStorage(context, { privacyAccepted: true, session });
    await listen(context);
    const page = await context.newPage();
    await page.goto('/aichat');
    await page.getByRole('heading', { name: '陪我聊聊', level: 1 }).waitFor();
    return { context, page };
  }

  async function ask(page: Page, question: string): Promise<void> {
    await page.getByLabel('输入问题').fill(question);
    await page.getByRole('button', { name: '发送' }).click();
  }

  it('a typed question streams into the log and is heard from its first sentence', async () => {
    reply = {
      pieces: ['你好，', '我是你的助手。', '今天', '天气', '很好，', '适合', '出门', '散步。'],
      delayMs: 400,
    };
    const { context, page } = await openChat();
    await ask(page, '你好');
    const log = page.getByRole('log', { name: '对话记录' });
    await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain('我是你的助手。');
    // the first sentence is spoken while the rest of the answer is still being written
    await expect
      .poll(() => started(page, /^你好，我是你的助手。$/), { timeout: 10_000 })
      .toMatchObject({ engine: 'cloud', busy: true });
    await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain('适合出门散步。');
    await expect.poll(() => started(page, /适合出门散步/), { timeout: 20_000 }).toBeDefined();
    const sent = fake.calls.at(-1)?.body;
    expect(sent?.model).toBe('fake-chat');
    expect(sent?.messages.at(-1)).toEqual({ role: 'user', content: '你好' });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('a photo from the camera reaches the model, and the conversation with its photo survives a reload', async () => {
    reply = { pieces: ['这是一张缴费通知，', '请在月底前缴费。'], delayMs: 50 };
    const { context, page } = await openChat();
    await page.getByRole('button', { name: '拍照' }).click();
    const take = page.getByRole('button', { name: '拍下这张' });
    await expect.poll(() => take.isEnabled(), { timeout: 15_000 }).toBe(true);
    await take.click();
    await page.getByRole('img', { name: '将要发送的照片' }).waitFor();
    await ask(page, '这封信说什么？');
    const log = page.getByRole('log', { name: '对话记录' });
    await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain('请在月底前缴费。');

    const sent = fake.calls.at(-1)?.body;
    expect(sent?.model).toBe('fake-vl');
    const parts = sent?.messages.at(-1)?.content as {
      type: string;
      text?: string;
      image_url?: { url: string };
    }[];
    expect(parts[0]?.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(parts[1]).toEqual({ type: 'text', text: '这封信说什么？' });

    await page.reload();
    const photo = page.getByRole('img', { name: '我发送的照片' });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole('log').textContent()).toContain('这封信说什么？');
    expect(await page.getByRole('log').textContent()).toContain('请在月底前缴费。');
    await context.close();
  });

  it('stop generation stops the text, the upstream request and the speech', async () => {
    reply = {
      pieces: ['从前有座山。', ...Array.from({ length: 60 }, (_, i) => `第${i}句话。`)],
      delayMs: 250,
    };
    const { context, page } = await openChat();
    await ask(page, '讲个很长的故事');
    await expect.poll(() => started(page, /^从前有座山。$/), { timeout: 10_000 }).toBeDefined();
    await page.getByRole('button', { name: '停止回答' }).click();
    const upstream = fake.calls.at(-1);
    await upstream?.finished;
    expect(upstream?.aborted).toBe(true);
    const log = page.getByRole('log', { name: '对话记录' });
    await expect.poll(() => log.textContent()).toContain('已停止');
    const textAtStop = await log.textContent();
    const spokenAtStop = (await heard(page)).filter((e) => e.type === 'speechStarted').length;
    await page.waitForTimeout(1_000);
    expect(await log.textContent()).toBe(textAtStop);
    expect(await page.evaluate(() => document.querySelector('[aria-busy="true"]'))).toBeNull();
    // nothing more is said after the stop
    expect((await heard(page)).filter((e) => e.type === 'speechStarted')).toHaveLength(spokenAtStop);
    await context.close();
  });
});

describe.skipIf(!hasChromium)(`AI chat without a model${hasChromium ? '' : ` (${noChromiumReason})`}`, () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ CHAT_ENGINE: 'none' }),
      launchWithCamera(await makeTextImage(['出口'], 'chat-exit.png')),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says plainly, on screen and aloud, that no chat model is configured', async () => {
    const session = await registerViaApi(server, { phone: uniquePhone(), password: 'long-enough-1' });
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
    await seedStorage(context, { privacyAccepted: true, session });
    await listen(context);
    const page = await context.newPage();
    await page.goto('/aichat');
    const notice = page.getByRole('status').filter({ hasText: '还没有配置对话模型' });
    await notice.waitFor({ timeout: 10_000 });
    await expect.poll(() => started(page, /还没有配置对话模型/), { timeout: 10_000 }).toBeDefined();
    expect(await axeViolations(page)).toEqual([]);

    // a photo is still described, by the offline vision engine
    await page.getByRole('button', { name: '拍照' }).click();
    const take = page.getByRole('button', { name: '拍下这张' });
    await expect.poll(() => take.isEnabled(), { timeout: 15_000 }).toBe(true);
    await take.click();
    await page.getByRole('button', { name: '发送' }).click();
    const log = page.getByRole('log', { name: '对话记录' });
    await expect.poll(() => log.textContent(), { timeout: 60_000 }).toContain('出口');
    expect(await log.textContent()).not.toContain('回答失败');
    await context.close();
  });
});
