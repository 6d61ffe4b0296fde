/**
 * The OCR worker seen from the page (ocr.worker.ts does the work): jobs by id, a frame's pixels
 * transferred to it, a job the caller gave up on cancelled there too. One worker per client; it is
 * terminated with the client (the mode ended), which frees its models.
 */
import type { RgbImage } from '@sfm/ocr';
import type { OcrJob, OcrReply } from './ocr-messages.ts';
import type { DetectedLine, OcrLine, OcrRequest } from './ocr-types.ts';

const aborted = () => new DOMException('OCR job cancelled', 'AbortError');

export interface DeviceOcr {
  /** Resolves once the models are loaded (the first job would wait for them too). */
  load(): Promise<void>;
  detect(image: RgbImage, request: OcrRequest, signal: AbortSignal): Promise<DetectedLine[]>;
  read(image: RgbImage, request: OcrRequest, signal: AbortSignal): Promise<OcrLine[]>;
  dispose(): void;
}

type Waiting = { resolve: (reply: OcrReply) => void; reject: (error: Error) => void };

export function workerOcr(
  start: () => Worker = () =>
    new Worker(new URL('./ocr.worker.ts', import.meta.url), { type: 'module', name: 'ocr' }),
): DeviceOcr {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  const started = (): Worker => {
    if (worker) return worker;
    worker = start();
    worker.addEventListener('message', ({ data }: MessageEvent<OcrReply>) => {
      const job = waiting.get(data.id);
      waiting.delete(data.id);
      if (!job) return;
      if ('failure' in data) job.reject(new Error(data.failure));
      else job.resolve(data);
    });
    worker.addEventListener('error', (event) => {
      // the worker itself failed (its script did not load): every job fails, the next starts it again
      const error = new Error(`OCR worker failed: ${event.message}`);
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
      worker?.terminate();
      worker = null;
    });
    return worker;
  };

  const send = (job: OcrJob, signal?: AbortSignal, transfer: Transferable[] = []): Promise<OcrReply> => {
    if (signal?.aborted) return Promise.reject(aborted());
    const target = started();
    return new Promise<OcrReply>((resolve, reject) => {
      const onAbort = () => {
        waiting.delete(job.id);
        target.postMessage({ id: job.id, kind: 'cancel' } satisfies OcrJob);
        reject(aborted());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      waiting.set(job.id, {
        resolve: (reply) => (done(), resolve(reply)),
        reject: (error) => (done(), reject(error)),
      });
      target.postMessage(job, transfer);
    });
  };

  return {
    async load() {
      await send({ id: (nextId += 1), kind: 'load' });
    },
    async detect(image, request, signal) {
      const reply = await send({ id: (nextId += 1), kind: 'detect', image, request }, signal, [
        image.data.buffer,
      ]);
      return 'boxes' in reply ? reply.boxes : [];
    },
    async read(image, request, signal) {
      const reply = await send({ id: (nextId += 1), kind: 'read', image, request }, signal, [
        image.data.buffer,
      ]);
      return 'lines' in reply ? reply.lines : [];
    },
    dispose() {
      for (const job of waiting.values()) job.reject(aborted());
      waiting.clear();
      worker?.terminate();
      worker = null;
    },
  };
}
