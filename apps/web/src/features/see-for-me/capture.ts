import { COMPRESSION_PRESETS, type CompressionPreset } from '@sfm/protocol';
import { base64Of, CaptureError, encodeCapture, type CaptureCanvas } from './capture-encoder.ts';
import type { CaptureJob, CaptureReply } from './capture.worker.ts';
import type { ViewPrint } from './view-print.ts';

export { CaptureError } from './capture-encoder.ts';

/** A captured frame: the JPEG sent (base64, no `data:` prefix) and the print of its view. */
export interface CapturedFrame {
  image: string;
  view: ViewPrint | null;
}

export interface FrameSource {
  /** The video (or any drawable) and its intrinsic size. */
  source: CanvasImageSource;
  width: number;
  height: number;
}

function domCanvas(width: number, height: number): CaptureCanvas {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    image: canvas,
    context: canvas.getContext('2d'),
    // toBlob, unlike toDataURL, encodes without holding the page
    jpeg: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new CaptureError('seeForMe.errors.canvasContext'))),
          'image/jpeg',
          quality,
        ),
      ),
  };
}

const workerCapable = (): boolean =>
  typeof Worker !== 'undefined' &&
  typeof OffscreenCanvas !== 'undefined' &&
  typeof createImageBitmap === 'function';

/** The capture worker could not run (not loaded, refused): this page captures on its main thread. */
class WorkerUnavailable extends Error {
  override readonly name = 'WorkerUnavailable';
}

/** The capture worker, started at the first capture and kept for the page's life; its jobs by id. */
let worker: Worker | null = null;
let workerFailed = false;
let nextJob = 0;
const waiting = new Map<
  number,
  { resolve: (captured: CapturedFrame) => void; reject: (error: Error) => void }
>();

function captureWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./capture.worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', ({ data }: MessageEvent<CaptureReply>) => {
    const job = waiting.get(data.id);
    waiting.delete(data.id);
    if (!job) return;
    if ('base64' in data) job.resolve({ image: data.base64, view: data.view });
    else if ('errorKey' in data) job.reject(new CaptureError(data.errorKey));
    else job.reject(new Error(data.failure));
  });
  worker.addEventListener('error', (event) => {
    const error = new WorkerUnavailable(`capture worker failed: ${event.message}`);
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
    workerFailed = true;
  });
  return worker;
}

async function captureInWorker(frame: FrameSource, preset: CompressionPreset): Promise<CapturedFrame> {
  // the frame is copied here, at once: the worker draws the moment the user captured
  const bitmap = await createImageBitmap(frame.source as ImageBitmapSource);
  const target = captureWorker();
  const id = (nextJob += 1);
  return new Promise((resolve, reject) => {
    const job: CaptureJob = { id, frame: bitmap, ...COMPRESSION_PRESETS[preset] };
    target.postMessage(job, [bitmap]);
    // the reply comes in a later task: waiting from here on misses none
    waiting.set(id, { resolve, reject });
  });
}

/**
 * The frame in the 1080×1920 capture box, scaled to the preset's max side, as JPEG (q0.8) in base64
 * without the `data:` prefix, with the print of its view. Drawn and encoded in a worker, off the page's main thread; where a
 * worker cannot draw (no OffscreenCanvas) or could not start, on the page with an encoding that
 * does not block it.
 */
export async function captureFrame(frame: FrameSource, preset: CompressionPreset): Promise<CapturedFrame> {
  if (workerCapable() && !workerFailed) {
    try {
      return await captureInWorker(frame, preset);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  const { jpeg, view } = await encodeCapture(
    frame.source,
    frame.width,
    frame.height,
    COMPRESSION_PRESETS[preset],
    domCanvas,
  );
  return { image: await base64Of(jpeg), view };
}

/** Spec §9: the photo kept for the user is the whole frame at its own size, JPEG quality 1. */
export const SAVED_PHOTO_QUALITY = 1;

/**
 * The frame as the photo the user keeps (savePhoto): full resolution, quality 1. Drawn at once on
 * the page (the moment captured), encoded by toBlob without holding the page.
 */
export async function captureFullPhoto(frame: FrameSource): Promise<Blob> {
  const canvas = domCanvas(frame.width, frame.height);
  if (!canvas.context) throw new CaptureError('seeForMe.errors.canvasContext');
  canvas.context.drawImage(frame.source, 0, 0, frame.width, frame.height);
  return canvas.jpeg(SAVED_PHOTO_QUALITY);
}
