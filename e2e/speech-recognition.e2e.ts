import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthSession } from '@sfm/protocol';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavFromPcm } from '../apps/server/src/engines/asr/audio-decode.ts';
import { answerWhenLoud, startFakeWhisper } from '../apps/server/test/fakes/whisper-server.ts';
import { espeakPcm, scene, silence } from '../apps/server/test/fixtures/speech-audio.ts';
import { event, startFakeDashScope } from '../apps/server/test/fakes/dashscope-server.ts';
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

interface Analysis {
  scenario?: string;
  prompt?: string;
}

/**
 * A logged-in zh-CN page on /see-for-me with the camera ready, speaking and listening through the
 * server (speechEngine 'cloud'); it records the analyses asked for and the app's speech events.
 */
async function openSeeForMe(browser: Browser, server: RunningServer, session: AuthSession) {
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', bypassCSP: true });
  await seedStorage(context, { privacyAccepted: true, session });
  await context.addInitScript(() => {
    localStorage.setItem('speechEngine', 'cloud');
    const w = window as unknown as { __speechEvents: unknown[] };
    w.__speechEvents = [];
    window.addEventListener('sfm:speech', (e) => w.__speechEvents.push((e as CustomEvent).detail));
  });
  const page: Page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  const analyses: Analysis[] = [];
  const isAnalysis = (r: Request) =>
    r.method() === 'POST' && new URL(r.url()).pathname === '/api/vision/analyze';
  page.on('request', (r) => {
    if (isAnalysis(r)) analyses.push(JSON.parse(r.postData() ?? '{}') as Analysis);
  });
  /** The descriptions the analyses answered with, by scenario (realtime also answers at the start). */
  const answers: { scenario: string; description: string }[] = [];
  page.on('response', (r) => {
    if (!isAnalysis(r.request())) return;
    const scenario = (JSON.parse(r.request().postData() ?? '{}') as Analysis).scenario ?? '';
    void r
      .json()
      .then((body: { data?: { description?: string } }) =>
        answers.push({ scenario, description: body.data?.description ?? '' }),
      )
      .catch(() => {});
  });
  const answerTo = (scenario: string) => answers.find((a) => a.scenario === scenario)?.description;
  await page.goto('/see-for-me');
  await page.locator('[data-camera-status="ready"]').waitFor({ timeout: 15_000 });
  /** The texts the app began to speak, in order. */
  const spoken = () =>
    page.evaluate(() =>
      (window as unknown as { __speechEvents: { type: string; text?: string }[] }).__speechEvents
        .filter((e) => e.type === 'speechStarted')
        .map((e) => e.text ?? ''),
    );
  const result = async () => ((await page.getByTestId('sfm-result').textContent()) ?? '').trim();
  return { context, page, logs, analyses, answerTo, spoken, result };
}

async function chooseQa(page: Page): Promise<void> {
  await page.getByRole('button', { name: '更多场景' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '问答', exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name: '问答' }).getAttribute('aria-selected')).toBe('true');
}

let browser: Browser;
let session: AuthSession;

describe.skipIf(!canRun)(
  `speech input through the cloud recognizer${canRun ? '' : ` (${skipReason})`}`,
  () => {
    let fake: Awaited<ReturnType<typeof startFakeParaformer>>;
    let server: RunningServer;
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
      session = await registerViaApi(server, {
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
      const { context, page, logs, analyses, result } = await openSeeForMe(browser, server, session);
      await chooseQa(page);
      await page.getByRole('button', { name: '点击提问' }).click();

      try {
        await expect
          .poll(() => page.getByTestId('sfm-question').textContent(), { timeout: 25_000 })
          .toContain(QUESTION);
        await expect
          .poll(() => analyses.find((a) => a.scenario === 'qa'), { timeout: 10_000 })
          .toMatchObject({ scenario: 'qa', prompt: QUESTION });
        await expect.poll(result, { timeout: 20_000 }).not.toBe('');
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

/** The fake microphone loops its file: the question, then long enough a silence to end it. */
const SILENCE_AFTER_MS = 6_000;

const whisperCanRun = hasChromium && hasFfmpeg;
describe.skipIf(!whisperCanRun)(
  `speech input through a self-hosted OpenAI-compatible recognizer${whisperCanRun ? '' : ` (${skipReason})`}`,
  () => {
    let whisper: Awaited<ReturnType<typeof startFakeWhisper>>;
    let server: RunningServer;
    let audioDir: string;
    beforeAll(async () => {
      // Whisper's ways: the words for any audio with speech in it, invented credits for the rest
      whisper = await startFakeWhisper(answerWhenLoud(QUESTION));
      server = await startServer({
        ASR_ENGINE: 'openai-compatible',
        OPENAI_ASR_BASE_URL: whisper.baseUrl,
        TTS_ENGINE: 'embedded',
        VISION_ENGINE: 'embedded',
        VISION_RATE_LIMIT_PER_MINUTE: '1000',
      });
      session = await registerViaApi(server, {
        phone: uniquePhone(),
        password: 'long-enough-1',
        nickname: '问',
      });
      // the question as the product's own espeak voice says it
      audioDir = mkdtempSync(join(tmpdir(), 'sfm-mic-'));
      const microphone = join(audioDir, 'question.wav');
      writeFileSync(microphone, wavFromPcm(scene([await espeakPcm(QUESTION), silence(SILENCE_AFTER_MS)], 0)));
      const camera = makeFakeCamera(await makeTextImage(['出口 EXIT'], 'whisper-sign.png'));
      browser = await launchBrowser([
        ...FAKE_CAMERA_ARGS,
        `--use-file-for-fake-video-capture=${camera}`,
        `--use-file-for-fake-audio-capture=${microphone}`,
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await whisper?.close();
      if (audioDir) rmSync(audioDir, { recursive: true, force: true });
    });

    const debugOnFailure = async (logs: string[], check: () => Promise<void>) => {
      try {
        await check();
      } catch (error) {
        console.log(
          whisper.calls.length,
          'transcription requests',
          logs,
          server.logs.filter((l) => /speech|recogni|transcri/i.test(l)),
        );
        throw error;
      }
    };

    it('qa: the question is heard once, analysed once with it, and the answer is spoken', async () => {
      const { context, page, logs, analyses, answerTo, spoken } = await openSeeForMe(
        browser,
        server,
        session,
      );
      await chooseQa(page);
      await page.getByRole('button', { name: '点击提问' }).click();

      await debugOnFailure(logs, async () => {
        await expect
          .poll(() => analyses.filter((a) => a.scenario === 'qa'), { timeout: 30_000 })
          .toEqual([expect.objectContaining({ prompt: QUESTION })]);
        // the question as heard, not once per time the words came by
        const question = (await page.getByTestId('sfm-question').textContent()) ?? '';
        expect(question).toContain(QUESTION);
        expect(question).not.toContain(QUESTION + QUESTION);
        await expect.poll(() => answerTo('qa'), { timeout: 20_000 }).toMatch(/\S/);
        await expect.poll(spoken, { timeout: 20_000 }).toContain(answerTo('qa'));
      });
      // one question, one analysis: listening stopped with the final result
      expect(analyses.filter((a) => a.scenario === 'qa')).toHaveLength(1);
      expect(server.logs.filter((l) => l.includes('speech recognition failed'))).toEqual([]);
      expect(whisper.calls.length).toBeGreaterThan(0);
      await context.close();
    });

    it('dialogue: each question is answered and listening starts again for the next', async () => {
      const { context, page, logs, analyses, answerTo, spoken } = await openSeeForMe(
        browser,
        server,
        session,
      );
      await page.getByRole('tab', { name: '对话' }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: '对话' }).getAttribute('aria-selected'))
        .toBe('true');
      await page.getByRole('button', { name: '点击开始对话' }).click();

      await debugOnFailure(logs, async () => {
        await expect
          .poll(() => analyses.filter((a) => a.scenario === 'dialogue'), { timeout: 30_000 })
          .toEqual([expect.objectContaining({ prompt: QUESTION })]);
        await expect.poll(() => answerTo('dialogue'), { timeout: 20_000 }).toMatch(/\S/);
        await expect.poll(spoken, { timeout: 20_000 }).toContain(answerTo('dialogue'));
        // after the answer it listens again, and the next time the question comes it is answered too
        await expect
          .poll(() => analyses.filter((a) => a.scenario === 'dialogue').length, { timeout: 30_000 })
          .toBeGreaterThanOrEqual(2);
      });
      for (const analysis of analyses.filter((a) => a.scenario === 'dialogue'))
        expect(analysis.prompt).toBe(QUESTION);
      await page.getByRole('button', { name: '点击结束对话' }).click();
      expect(server.logs.filter((l) => l.includes('speech recognition failed'))).toEqual([]);
      await context.close();
    });
  },
);
