/**
 * The fake cloud engine in a process of its own: on the bench's event loop (busy with 1,220
 * sockets) its fixed latency would stretch, and the stretch would be counted as server overhead.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startFakeChatCompletions } from '../../apps/server/test/fakes/chat-completions-server.ts';

export interface FakeEngineProcess {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts the fake (an OpenAI-compatible server answering `answer` after `delayMs`) in a child process. */
export async function startFakeEngineProcess(answer: string, delayMs: number): Promise<FakeEngineProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, FAKE_ENGINE_ANSWER: answer, FAKE_ENGINE_DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('error', reject);
    void exited.then(() => reject(new Error('the fake engine exited before it listened')));
  });
  return {
    baseUrl,
    close: async () => {
      child.kill();
      await exited;
    },
  };
}

if (process.env.FAKE_ENGINE_ANSWER && process.argv[1] === fileURLToPath(import.meta.url)) {
  const delayMs = Number(process.env.FAKE_ENGINE_DELAY_MS);
  const fake = await startFakeChatCompletions(() => ({
    pieces: [process.env.FAKE_ENGINE_ANSWER ?? ''],
    delayMs,
  }));
  console.log(fake.baseUrl);
}
