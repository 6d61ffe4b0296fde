/**
 * Tap-to-speech latency of the see-for-me screen: the real product (built web app + server with its
 * default vision engine), Chromium with a fake camera, a logged-in user in observe and reading mode.
 * For 5 taps per camera source and mode it prints ms from the click to the first speechStarted of
 * "正在识别" and of the RESULT, and the medians. Numbers, not pass/fail.
 */
import type { Browser, Page } from 'playwright-core';
import { fixturePhoto, instrumentSpeech, launchWithCamera, makeTextImage } from '../e2e/support/camera.ts';
import { startServer } from '../e2e/support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from '../e2e/support/session.ts';

const TAPS = 5;
const RECOGNIZING = '正在识别';
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

interface Tap {
  recognizingMs: number;
  resultMs: number;
  result: string;
}

/** One tap: click, then wait for the speechStarted of something other than "正在识别". */
async function tapOnce(page: Page): Promise<Tap> {
  await page.evaluate(() => {
    (globalThis as unknown as { __speechEvents: unknown[] }).__speechEvents.length = 0;
  });
  const area = page.getByTestId('click-area');
  const clickAt = await area.evaluate((el) => {
    const t = performance.now();
    (el as unknown as { click(): void }).click();
    return t;
  });
  const handle = await page.waitForFunction(
    (recognizing) => {
      const events = (
        globalThis as unknown as { __speechEvents: { type: string; text: string; at: number }[] }
      ).__speechEvents;
      const started = events.filter((e) => e.type === 'speechStarted');
      const first = started.find((e) => e.text === recognizing);
      const result = started.find((e) => e.text !== recognizing);
      return first && result ? { recognizing: first.at, result: result.at, text: result.text } : null;
    },
    RECOGNIZING,
    { timeout: 30_000, polling: 10 },
  );
  const got = (await handle.jsonValue()) as { recognizing: number; result: number; text: string };
  // let the result finish and the ding play before the next tap
  await page.waitForTimeout(300);
  return { recognizingMs: got.recognizing - clickAt, resultMs: got.result - clickAt, result: got.text };
}

async function runSource(
  label: string,
  browser: Browser,
  baseURL: string,
  session: Awaited<ReturnType<typeof registerViaApi>>,
) {
  for (const mode of ['观察', '阅读'] as const) {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    const page = await context.newPage();
    await page.goto('/see-for-me');
    await page.locator('[data-camera-status="ready"]').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: '更多场景' }).click();
    await page.getByRole('dialog').getByRole('button', { name: mode, exact: true }).click();
    await page.getByRole('button', { name: '点击识别' }).waitFor();
    await page.waitForTimeout(300);
    const taps: Tap[] = [];
    for (let i = 0; i < TAPS; i += 1) taps.push(await tapOnce(page));
    const rec = taps.map((t) => Math.round(t.recognizingMs));
    const res = taps.map((t) => Math.round(t.resultMs));
    console.log(
      `${label.padEnd(28)} ${mode}  "正在识别" first word: median ${median(rec)} ms [${rec.join(', ')}]  ` +
        `result first word: median ${median(res)} ms [${res.join(', ')}]`,
    );
    console.log(`${''.padEnd(28)}       result: ${taps[0]?.result.slice(0, 80) ?? ''}`);
    await context.close();
  }
}

const server = await startServer({ VISION_RATE_LIMIT_PER_MINUTE: '1000' });
try {
  const session = await registerViaApi(server, {
    phone: uniquePhone(),
    password: 'long-enough-1',
    nickname: '测速',
  });
  const sources: [string, string | null][] = [
    ['text image (出口 EXIT 小心台阶)', await makeTextImage(['出口 EXIT', '小心台阶'])],
    ['street photo', fixturePhoto('street-road-pedestrians-motorcycle.jpg')],
  ];
  console.log(`see-for-me tap → speech latency, ${TAPS} taps per mode (ms from click to speechStarted)`);
  for (const [label, photo] of sources) {
    if (!photo) {
      console.log(`${label}: skipped (fixture not found; set FIXTURES_DIR)`);
      continue;
    }
    const browser = await launchWithCamera(photo);
    try {
      await runSource(label, browser, server.url, session);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
