import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthSession } from '@sfm/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, startFakeDashScope } from '../apps/server/src/engines/dashscope/fake-dashscope-server.ts';
import { hasChromium, launchBrowser, noChromiumReason } from './support/browser.ts';
import {
  FAKE_CAMERA_ARGS,
  FIXTURES_DIR,
  hasFfmpeg,
  makeFakeCamera,
  makeTextImage,
} from './support/camera.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './support/session.ts';

const SPEECH = join(FIXTURES_DIR, 'audio', 'zh-funasr-welcome.wav');
const hasSpeech = existsSync(SPEECH);
const canRun = hasChromium && hasFfmpeg && hasSpeech;
const skipReason = !hasChromium
  ? noChromiumReason
  : !hasFfmpeg
    ? 'skipped: ffmpeg is not installed'
    : `skipped: fixture audio/zh-funasr-welcome.wav not found in ${FIXTURES_DIR} (set FIXTURES_DIR)`;

const API_KEY = 'test-key';
const INTERIM = '前面有';
const QUESTION = '前面有什么';
/** Binary PCM frames the fake waits for before it answers with the interim, then the final result. */
const FRAMES_FOR_INTERIM = 2;
const FRAMES_FOR_FINAL = 4;

/**
 * Paraformer realtime as DashScope speaks it (the server's own protocol-strict fake): task-started
 * on run-task, an interim and then a final sentence once audio has come, task-finished on finish-task.
 */
function startFakeParaformer() {
  const sentence = (text: string, end: boolean) => ({
    payload: { output: { sentence: { text, sentence_end: end } } },
  });
  return startFakeDashScope(API_KEY, (connection, message) => {
    const taskId = connection.messages.find((m) => m.header.action === 'run-task')?.header.task_id ?? '';
    if (Buffer.isBuffer(message)) {
      const n = connection.binary.length;
      if (n === FRAMES_FOR_INTERIM)
        event(connection.socket, taskId, 'result-generated', sentence(INTERIM, false));
      if (n === FRAMES_FOR_FINAL)
        event(connection.socket, taskId, 'result-generated', sentence(QUESTION, true));
      return;
    }
    if (message.header.action === 'run-task') event(connection.socket, taskId, 'task-started');
    if (message.header.action === 'finish-task') event(connection.socket, taskId, 'task-finished');
  });
}

/** Largest absolute sample of 16-bit little-endian PCM. */
function peak(frames: Buffer[]): number {
  let max = 0;
  for (const frame of frames) {
    for (let i = 0; i + 1 < frame.length; i += 2) max = Math.max(max, Math.abs(frame.readInt16LE(i)));
  }
  return max;
}

let fake: Awaited<ReturnType<typeof startFakeParaformer>>;
let server: RunningServer;
let session: AuthSession;
let browser: Browser;

describe.skipIf(!canRun)(
  `speech input through the cloud recognizer${canRun ? '' : ` (${skipReason})`}`,
  () => {
    beforeAll(async () => {
      fake = await startFakeParaformer();
      server = await startServer({
        ASR_ENGINE: 'dashscope',
        DASHSCOPE_API_KEY: API_KEY,
        DASHSCOPE_WS_URL: fake.url,
        TTS_ENGINE: 'embedded',
        VISION_ENGINE: 'embedded',
        VISION_RATE_LIMIT_PER_MINUTE: '1000',
      });
      session = await registerViaApi(server.url, {
        phone: uniquePhone(),
        password: 'long-enough-1',
        nickname: '问',
      });
      const camera = makeFakeCamera(await makeTextImage(['出口 EXIT'], 'qa-sign.png'));
      browser = await launchBrowser([
        ...FAKE_CAMERA_ARGS,
        `--use-file-for-fake-video-capture=${camera}`,
        `--use-file-for-fake-audio-capture=${SPEECH}`,
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await fake?.close();
    });

    it('a spoken question (fake microphone → /speech → Paraformer) fills qa and is analysed', async () => {
      const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
      await seedStorage(context, { privacyAccepted: true, session });
      await context.addInitScript(() => localStorage.setItem('speechEngine', 'cloud'));
      const page: Page = await context.newPage();
      const logs: string[] = [];
      page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
      const analyses: { scenario?: string; prompt?: string }[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/vision/analyze') {
          analyses.push(JSON.parse(r.postData() ?? '{}') as { scenario?: string; prompt?: string });
        }
      });

      await page.goto('/see-for-me');
      await page.locator('[data-camera-status="ready"]').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: '更多场景' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '问答', exact: true }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: '问答' }).getAttribute('aria-selected'))
        .toBe('true');
      await page.getByRole('button', { name: '点击提问' }).click();

      try {
        await expect
          .poll(() => page.getByTestId('sfm-question').textContent(), { timeout: 25_000 })
          .toContain(QUESTION);
        await expect
          .poll(() => analyses.find((a) => a.scenario === 'qa'), { timeout: 10_000 })
          .toMatchObject({ scenario: 'qa', prompt: QUESTION });
        await expect
          .poll(async () => ((await page.getByTestId('sfm-result').textContent()) ?? '').trim(), {
            timeout: 20_000,
          })
          .not.toBe('');
      } catch (error) {
        console.log(
          JSON.stringify(
            fake.connections.map(({ messages, binary }) => ({
              messages,
              binary: binary.map((b) => b.length),
            })),
            null,
            1,
          ),
          logs,
          server.logs.filter((l) => /speech|recogni|dashscope/i.test(l)),
        );
        throw error;
      }

      // the server spoke Paraformer's protocol with the browser's microphone audio
      const connection = fake.connections.find((c) => c.messages.some((m) => m.header.action === 'run-task'));
      expect(connection?.authorization).toBe(`bearer ${API_KEY}`);
      const runTask = connection?.messages.find((m) => m.header.action === 'run-task');
      expect(runTask?.payload.model).toBe('paraformer-realtime-v2');
      expect(runTask?.payload.parameters).toMatchObject({ format: 'pcm', sample_rate: 16000 });
      const frames = connection?.binary ?? [];
      expect(frames.length).toBeGreaterThanOrEqual(FRAMES_FOR_FINAL);
      for (const frame of frames) expect(frame.length % 2).toBe(0); // whole 16-bit samples
      expect(peak(frames)).toBeGreaterThan(1_000); // speech, not silence
      // the final answer stops listening: the server finishes the task
      await expect
        .poll(() => connection?.messages.map((m) => m.header.action), { timeout: 5_000 })
        .toContain('finish-task');
      // …and Paraformer's task-finished ends it cleanly, not as a failure
      await new Promise((r) => setTimeout(r, 300));
      expect(server.logs.filter((l) => l.includes('speech recognition failed'))).toEqual([]);
      expect(analyses.filter((a) => a.scenario === 'qa')).toHaveLength(1);
      await context.close();
    });
  },
);
