/**
 * The OCR worker: loads the PaddleOCR models once and reads the frames the page sends, one job at a
 * time (a session runs one inference at a time), off the page's main thread. Started by
 * ocr-client.ts.
 */
import { readingLines, type TextReader } from '@sfm/ocr';
import { loadBrowserTextReader } from './browser-text-reader.ts';
import type { OcrJob, OcrReply } from './ocr-messages.ts';
import { detectedLine, inFramePixels } from './ocr-lines.ts';

let reader: Promise<TextReader> | null = null;
/** Jobs run in turn: each waits for the one before it. */
let queue: Promise<unknown> = Promise.resolve();
/** Jobs the page gave up on, by id, with the stop of the one running. */
const cancelled = new Set<number>();
const running = new Map<number, AbortController>();

function loaded(): Promise<TextReader> {
  reader ??= loadBrowserTextReader();
  // a failed load (the files could not be fetched) may succeed at the next job
  reader.catch(() => (reader = null));
  return reader;
}

async function run(job: Exclude<OcrJob, { kind: 'cancel' }>): Promise<OcrReply> {
  const text = await loaded();
  if (job.kind === 'load') return { id: job.id, ready: true };
  const { image, request } = job;
  const options = {
    extent: request.extent,
    ...(request.detectorSide !== undefined && { detectorSide: request.detectorSide }),
  };
  if (job.kind === 'detect') {
    const boxes = await text.detect(image, options);
    return { id: job.id, boxes: boxes.map(detectedLine) };
  }
  const stop = new AbortController();
  running.set(job.id, stop);
  try {
    const lines = await text.read(image, { ...options, signal: stop.signal });
    return { id: job.id, lines: inFramePixels(readingLines(lines), image.width, image.height) };
  } finally {
    running.delete(job.id);
  }
}

self.addEventListener('message', ({ data: job }: MessageEvent<OcrJob>) => {
  if (job.kind === 'cancel') {
    cancelled.add(job.id);
    running.get(job.id)?.abort();
    return;
  }
  queue = queue.then(async () => {
    if (cancelled.delete(job.id)) return;
    const reply = await run(job).catch((error: unknown): OcrReply => ({
      id: job.id,
      failure: error instanceof Error ? error.message : String(error),
    }));
    if (!cancelled.delete(job.id)) self.postMessage(reply);
  });
});
