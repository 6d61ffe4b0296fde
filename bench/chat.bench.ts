/// <reference lib="dom" />
// (the page-side functions below run in the browser)
/**
 * The AI chat against the local fake model streaming 20 tokens/s: the real product (built web app +
 * server), Chromium speaking through the server's speech stream. Prints, per question, ms from send
 * to the first token on screen, from the end of the first sentence on screen to its first audio
 * (target ≤ 500 ms), and the server's added latency per token (fake → server → client minus
 * fake → client, target ≤ 5 ms p95). Numbers, not pass/fail.
 */
import type { Page } from 'playwright-core';
import { chatEndpoints } from '@sfm/protocol/chat';
import { startFakeChatCompletions } from '../apps/server/test/fakes/chat-completions-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from '../e2e/support/session.ts';

const QUESTIONS = 5;
const TOKEN_MS = 50; // 20 tokens/s
/** 20 tokens; the first sentence ends with the 5th. */
const ANSWER = [
  '你好，',
  '我',
  '是',
  '助',
  '手。',
  ...Array.from({ length: 14 }, (_, i) => `词${i}`),
  '完。',
];

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const round = (x: number) => Math.round(x * 10) / 10;

interface PageTimes {
  firstToken: number;
  firstSentence: number;
  firstAudio: number;
}

/** Sends a question in the page and times what the user sees and hears (page clock). */
async function askInPage(page: Page, question: string): Promise<PageTimes> {
  await page.getByLabel('输入问题').fill(question);
  const sendAt = await page.evaluate(() => {
    const w = window as unknown as { __marks: Record<string, number>; __audio: number | null };
    w.__marks = {};
    w.__audio = null;
    const count = document.querySelectorAll('.chat-message--assistant').length;
    const observer = new MutationObserver(() => {
      const answers = document.querySelectorAll('.chat-message--assistant');
      if (answers.length <= count) return;
      const text = answers[answers.length - 1]?.querySelector('.chat-message__text')?.textContent ?? '';
      const now = performance.now();
      if (text && w.__marks.firstToken === undefined) w.__marks.firstToken = now;
      if (text.includes('。') && w.__marks.firstSentence === undefined) {
        w.__marks.firstSentence = now;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const t = performance.now();
    document.querySelector<HTMLButtonElement>('.chat-composer button[type="submit"]')?.click();
    return t;
  });
  const handle = await page.waitForFunction(
    () => {
      const w = window as unknown as { __marks: Record<string, number>; __audio: number | null };
      const { firstToken, firstSentence } = w.__marks;
      return firstToken !== undefined && firstSentence !== undefined && w.__audio !== null
        ? { firstToken, firstSentence, firstAudio: w.__audio }
        : null;
    },
    undefined,
    { timeout: 30_000, polling: 5 },
  );
  const marks = (await handle.jsonValue()) as PageTimes;
  // let the answer end before the next question
  await page.getByRole('button', { name: '停止回答' }).waitFor({ state: 'detached', timeout: 30_000 });
  return {
    firstToken: marks.firstToken - sendAt,
    firstSentence: marks.firstSentence - sendAt,
    firstAudio: marks.firstAudio - sendAt,
  };
}

/** ms from the fake writing each token to a Node client reading it, through `url`. */
async function tokenLatencies(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  /** Whether an SSE event carries a token. */
  isToken: (event: string) => boolean,
  sentAt: () => number[],
): Promise<number[]> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  const arrivals: number[] = [];
  let buffer = '';
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    const now = performance.now();
    buffer += decoder.decode(chunk.value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) if (isToken(event)) arrivals.push(now);
  }
  const sent = sentAt();
  return arrivals.map((at, i) => at - (sent[i] ?? NaN)).filter(Number.isFinite);
}

const fake = await startFakeChatCompletions(() => ({ pieces: ANSWER, delayMs: TOKEN_MS }));
const server = await startServer({
  OPENAI_BASE_URL: fake.baseUrl,
  VISION_ENGINE: 'embedded',
  ASR_ENGINE: 'none',
  // as deployed: answers are not checked against the protocol again on their way out
  NODE_ENV: 'production',
  ALLOW_DEVELOPMENT_DEFAULTS: 'sandbox-payments,log-sms',
});
const browser = await launchBrowser();
try {
  const session = await registerViaApi(server, { phone: uniquePhone(), password: 'long-enough-1' });
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
  await seedStorage(context, { privacyAccepted: true, session });
  await context.addInitScript(() => {
    localStorage.setItem('speechEngine', 'cloud');
    const w = window as unknown as { __audio: number | null };
    // the cloud engine's speechStarted is its first audio frame played
    window.addEventListener('sfm:speech', (e) => {
      const detail = (e as CustomEvent<{ type: string; engine?: string; at: number }>).detail;
      if (detail.type === 'speechStarted' && detail.engine === 'cloud' && w.__audio === null)
        w.__audio = detail.at;
    });
  });
  const page = await context.newPage();
  await page.goto('/aichat');
  await page.getByRole('heading', { name: '陪我聊聊', level: 1 }).waitFor();

  console.log(`AI chat, fake model at ${1000 / TOKEN_MS} tokens/s, ${QUESTIONS} questions (page clock, ms)`);
  const rows: PageTimes[] = [];
  for (let i = 0; i < QUESTIONS; i += 1) {
    const times = await askInPage(page, `问题${i}`);
    rows.push(times);
    console.log(
      `  #${i + 1} send → first token ${round(times.firstToken)}  send → first sentence shown ${round(times.firstSentence)}  ` +
        `first sentence → first audio ${round(times.firstAudio - times.firstSentence)}`,
    );
  }
  const audioAfterSentence = rows.map((r) => r.firstAudio - r.firstSentence);
  console.log(
    `  median: first token ${round(
      percentile(
        rows.map((r) => r.firstToken),
        50,
      ),
    )} ms, ` +
      `first audio after the first sentence ${round(percentile(audioAfterSentence, 50))} ms (max ${round(Math.max(...audioAfterSentence))})`,
  );

  const headers = { token: session.token, userType: 'registered' };
  const body = { messages: [{ role: 'user', content: '你好' }] };
  const viaServer: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < QUESTIONS; i += 1) {
    viaServer.push(
      ...(await tokenLatencies(
        server.url + chatEndpoints.chatStream.path,
        headers,
        body,
        (event) => event.includes('"type":"delta"'),
        () => fake.calls.at(-1)?.sentAt ?? [],
      )),
    );
    direct.push(
      ...(await tokenLatencies(
        `${fake.baseUrl}/chat/completions`,
        {},
        { model: 'x', stream: true, messages: [{ role: 'user', content: '你好' }] },
        (event) => /"content":"[^"]+"/.test(event),
        () => fake.calls.at(-1)?.sentAt ?? [],
      )),
    );
  }
  console.log(
    `  per token (${viaServer.length} tokens): fake → client direct p50 ${round(percentile(direct, 50))} p95 ${round(percentile(direct, 95))} ms; ` +
      `through the server p50 ${round(percentile(viaServer, 50))} p95 ${round(percentile(viaServer, 95))} ms; ` +
      `added p95 ${round(percentile(viaServer, 95) - percentile(direct, 95))} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
  await fake.close();
}
