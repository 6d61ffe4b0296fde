/**
 * The live channels measured in the real product: the built web app and the server on their
 * embedded defaults, Chromium at the phone's size with the canvas camera (e2e/support/canvas-camera.ts)
 * and the speech recorder. Every module in bench/channels/ measures one channel on its own page and
 * returns its numbers; this prints them per channel. Numbers, not pass/fail.
 *
 * Usage: npm run bench:channels [-- <channel> …]   (no names: every channel)
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser, PHONE_VIEWPORT } from '../e2e/support/browser.ts';
import { FAKE_CAMERA_ARGS, instrumentSpeech } from '../e2e/support/camera.ts';
import { installCanvasCamera } from '../e2e/support/canvas-camera.ts';
import { startServer } from '../e2e/support/server.ts';
import { registerViaApi, seedStorage, uniquePhone } from '../e2e/support/session.ts';
import type { ChannelBench } from './channels/channel-bench.ts';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = new Set(process.argv.slice(2));
const files = readdirSync(join(here, 'channels')).filter(
  (f) =>
    f.endsWith('.ts') && f !== 'channel-bench.ts' && (!wanted.size || wanted.has(f.replace(/\.ts$/, ''))),
);

const server = await startServer();
const browser = await launchBrowser(FAKE_CAMERA_ARGS);
// the camera screen is for a signed-in user: one account, a fresh login per channel's context
const session = await registerViaApi(server, {
  phone: uniquePhone(),
  password: 'long-enough-1',
  nickname: '测试',
});
try {
  for (const file of files) {
    const { bench } = (await import(pathToFileURL(join(here, 'channels', file)).href)) as {
      bench: ChannelBench;
    };
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      viewport: PHONE_VIEWPORT,
    });
    // tsx names functions through an __name helper: the init scripts sent to the page need one there
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await seedStorage(context, { privacyAccepted: true, session });
    await instrumentSpeech(context);
    await installCanvasCamera(context);
    const page = await context.newPage();
    try {
      const numbers = await bench.measure(page, server.url);
      console.log(`\n${bench.name}`);
      for (const [name, value] of Object.entries(numbers)) console.log(`  ${name}: ${value}`);
    } catch (error) {
      console.log(`\n${bench.name}: failed — ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
