import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { requireTool } from './required-tool.ts';
import { repoRoot } from './server.ts';

/** Real photos with ground truth (read-only): FIXTURES_DIR, else ../shared/fixtures beside the repo. */
export const FIXTURES_DIR = process.env.FIXTURES_DIR ?? resolve(repoRoot, '../shared/fixtures');

export function fixturePhoto(name: string): string | null {
  const path = join(FIXTURES_DIR, 'images', name);
  return existsSync(path) ? path : null;
}

/** False (camera suites skip) without ffmpeg; in CI its absence throws and fails the run. */
export const hasFfmpeg = requireTool(
  (() => {
    try {
      execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })(),
  'ffmpeg is not installed (apt-get install -y ffmpeg)',
);

const tempDir = mkdtempSync(join(tmpdir(), 'sfm-cam-'));
process.once('exit', () => rmSync(tempDir, { recursive: true, force: true }));

/**
 * A sign the test makes itself: large black Chinese + English lines on white, rendered by sharp
 * from an SVG with Noto Sans CJK SC. Returns the PNG path.
 */
export async function makeTextImage(lines: string[], name = 'text-sign.png'): Promise<string> {
  const width = 1280;
  const height = 720;
  const lineHeight = Math.floor(height / (lines.length + 1));
  const text = lines
    .map(
      (line, i) =>
        `<text x="50%" y="${lineHeight * (i + 1)}" font-family="Noto Sans CJK SC" font-weight="bold" font-size="${Math.floor(lineHeight * 0.62)}" text-anchor="middle" dominant-baseline="middle" fill="#000">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  const path = join(tempDir, name);
  await sharp(Buffer.from(svg)).png().toFile(path);
  return path;
}

/** A Chromium fake-camera file (.y4m, 2 s at 5 fps, ≤ 1280 wide, even sides) from a still image. */
export function makeFakeCamera(photo: string): string {
  const out = join(tempDir, `cam-${Math.random().toString(36).slice(2)}.y4m`);
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-loop',
      '1',
      '-i',
      photo,
      '-t',
      '2',
      '-r',
      '5',
      '-vf',
      // both sides even (4:2:0 needs it): an odd-width photo otherwise gives a black camera
      "scale='trunc(min(1280,iw)/2)*2':-2,setsar=1",
      '-pix_fmt',
      'yuv420p',
      out,
    ],
    { stdio: 'inherit' },
  );
  return out;
}

export const FAKE_CAMERA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** One browser whose camera shows `photo`. */
export async function launchWithCamera(photo: string): Promise<Browser> {
  return launchBrowser([...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${makeFakeCamera(photo)}`]);
}

export interface SpokenRecord {
  text: string;
  at: number;
}

/**
 * Headless Chromium has no voices: replace speechSynthesis.speak so every utterance is recorded
 * (text + performance.now()) and ends after a few ms; also records the app's own speech events.
 */
export async function instrumentSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __spoken: { text: string; at: number }[]; __speechEvents: unknown[] };
    w.__spoken = [];
    w.__speechEvents = [];
    window.addEventListener('sfm:speech', (e) => w.__speechEvents.push((e as CustomEvent).detail));
    // these tests hear the app through the stubbed speechSynthesis: pin the device (browser) engine
    // unless the test chose one (the default would be the cloud stream where MSE plays audio/mpeg)
    if (!localStorage.getItem('speechEngine')) localStorage.setItem('speechEngine', 'other');
    const synth = window.speechSynthesis;
    if (!synth) return;
    let timers: ReturnType<typeof setTimeout>[] = [];
    synth.speak = (u: SpeechSynthesisUtterance) => {
      w.__spoken.push({ text: u.text, at: performance.now() });
      timers.push(setTimeout(() => u.onstart?.(new Event('start') as SpeechSynthesisEvent), 1));
      timers.push(setTimeout(() => u.onend?.(new Event('end') as SpeechSynthesisEvent), 20));
    };
    synth.cancel = () => {
      for (const t of timers) clearTimeout(t);
      timers = [];
    };
  });
}

/** The page's clock (performance.now), which instrumentSpeech stamps each utterance with. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The first utterance at or after `since` (page clock) matching `match`, waiting for it. */
export async function heardAfter(
  page: Page,
  since: number,
  match: RegExp,
  timeout = 15_000,
): Promise<SpokenRecord> {
  const handle = await page.waitForFunction(
    ({ since, source }) =>
      (window as unknown as { __spoken: SpokenRecord[] }).__spoken.find(
        (s) => s.at >= since && new RegExp(source).test(s.text),
      ) ?? null,
    { since, source: match.source },
    { timeout, polling: 20 },
  );
  return (await handle.jsonValue()) as SpokenRecord;
}

/** The text of heardAfter's utterance. */
export const spokenAfter = async (
  page: Page,
  since: number,
  match: RegExp,
  timeout?: number,
): Promise<string> => (await heardAfter(page, since, match, timeout)).text;
