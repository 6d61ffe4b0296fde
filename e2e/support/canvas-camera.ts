import type { AuthSession } from '@sfm/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE_VIEWPORT } from './browser.ts';
import { instrumentSpeech } from './camera.ts';
import { seedStorage } from './session.ts';

/** The picture the camera gives (a phone's back camera, landscape sensor). */
const CAMERA_WIDTH = 1280;
const CAMERA_HEIGHT = 720;

/**
 * A camera the test draws on, for the live channels: getUserMedia's video is a canvas stream, so
 * one browser can show many pictures one after another (text that changes, a page moved into
 * frame, a code coming into view). Audio requests still go to Chromium's own fake device.
 * `showOnCamera` changes the picture; the canvas is redrawn every 50 ms so the stream keeps giving
 * frames, as a real camera does.
 */
export async function installCanvasCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      let picture: CanvasImageSource | null = null;
      const draw = () => {
        ctx.fillStyle = '#404040';
        ctx.fillRect(0, 0, width, height);
        if (picture) ctx.drawImage(picture, 0, 0, width, height);
      };
      setInterval(draw, 50);
      const w = window as unknown as { __sfmCamera: { show(url: string): Promise<void> } };
      w.__sfmCamera = {
        async show(url: string) {
          const image = new Image();
          image.src = url;
          await image.decode();
          picture = image;
          draw();
        },
      };
      const media = navigator.mediaDevices;
      const original = media.getUserMedia.bind(media);
      media.getUserMedia = async (constraints?: MediaStreamConstraints) => {
        if (!constraints?.video) return original(constraints);
        draw();
        const stream = canvas.captureStream(20);
        if (constraints.audio) {
          for (const track of (await original({ audio: constraints.audio })).getAudioTracks())
            stream.addTrack(track);
        }
        return stream;
      };
    },
    { width: CAMERA_WIDTH, height: CAMERA_HEIGHT },
  );
}

/**
 * What the camera sees from now on: a PNG or JPEG, stretched to the 1280×720 picture (render test
 * pictures at 16:9 to keep their shapes).
 */
export async function showOnCamera(page: Page, image: Buffer, type: 'png' | 'jpeg' = 'png'): Promise<void> {
  const url = `data:image/${type};base64,${image.toString('base64')}`;
  await page.evaluate(
    (u) => (window as unknown as { __sfmCamera: { show(url: string): Promise<void> } }).__sfmCamera.show(u),
    url,
  );
}

/** The camera screen, its camera ready, in the mode named `label` under "更多场景". */
export async function openMoreMode(page: Page, label: string): Promise<void> {
  if (!page.url().endsWith('/see-for-me')) await page.goto('/see-for-me');
  await page.locator('[data-camera-status="ready"]').waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: '更多场景' }).click();
  await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('tab', { name: label, selected: true }).waitFor({ timeout: 5_000 });
}

/**
 * A signed-in phone's context for a channel that reads text (短文本, 文档, 纸币): the canvas camera,
 * speech recorded, and the OCR pinned to the device or the server (`sfm.ocrEngine`).
 */
export async function ocrChannelContext(
  browser: Browser,
  {
    baseURL,
    session,
    engine,
    serviceWorkers = 'block',
  }: {
    baseURL: string;
    session: AuthSession;
    engine: 'device' | 'server';
    serviceWorkers?: 'allow' | 'block';
  },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: PHONE_VIEWPORT,
    bypassCSP: true,
    serviceWorkers,
  });
  await seedStorage(context, { privacyAccepted: true, session });
  await context.addInitScript((e) => localStorage.setItem('sfm.ocrEngine', e), engine);
  await instrumentSpeech(context);
  await installCanvasCamera(context);
  return context;
}
