import type { Pixels } from '../frame-print.ts';
import type { DecodeJob, DecodeReply } from './barcode.worker.ts';
import type { FrameCodes } from './decode-codes.ts';

/** Decodes one frame; aborting drops the answer (the worker finishes the frame, nobody waits). */
export interface FrameDecoder {
  decode(pixels: Pixels, signal: AbortSignal): Promise<FrameCodes>;
  dispose(): void;
}

/** The worker could not run (not loaded, refused): the frames are decoded on the page. */
class WorkerUnavailable extends Error {
  override readonly name = 'WorkerUnavailable';
}

const aborted = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');

/** On the page's main thread: where no worker can start. The reader and its .wasm load on first use. */
async function decodeOnPage(pixels: Pixels): Promise<FrameCodes> {
  const [{ decodeFrame }, { readBarcodes }] = await Promise.all([
    import('./decode-codes.ts'),
    import('./zxing-reader.ts'),
  ]);
  return decodeFrame(pixels, readBarcodes);
}

/**
 * The channel's decoder: a module worker (barcode.worker.ts) when the browser has workers, started
 * with the mode and ended with it; the page itself when it has none or the worker fails.
 */
export function createFrameDecoder(): FrameDecoder {
  let worker: Worker | null = null;
  let workerFailed = typeof Worker === 'undefined';
  let nextId = 0;
  const waiting = new Map<number, { resolve: (found: FrameCodes) => void; reject: (error: Error) => void }>();

  const start = (): Worker => {
    if (worker) return worker;
    worker = new Worker(new URL('./barcode.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', ({ data }: MessageEvent<DecodeReply>) => {
      const job = waiting.get(data.id);
      waiting.delete(data.id);
      if (!job) return;
      if ('found' in data) job.resolve(data.found);
      else job.reject(new Error(data.failure));
    });
    worker.addEventListener('error', (event) => {
      const error = new WorkerUnavailable(`barcode worker failed: ${event.message}`);
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
      workerFailed = true;
      worker?.terminate();
      worker = null;
    });
    return worker;
  };

  const inWorker = (pixels: Pixels, signal: AbortSignal): Promise<FrameCodes> =>
    new Promise((resolve, reject) => {
      const id = (nextId += 1);
      // a copy goes: the frame's own pixels stay with the page (its print, the next channel)
      const data = new Uint8ClampedArray(pixels.data);
      const job: DecodeJob = { id, width: pixels.width, height: pixels.height, data };
      const drop = () => {
        waiting.delete(id);
        reject(aborted(signal));
      };
      signal.addEventListener('abort', drop, { once: true });
      waiting.set(id, {
        resolve: (found) => {
          signal.removeEventListener('abort', drop);
          resolve(found);
        },
        reject: (error) => {
          signal.removeEventListener('abort', drop);
          reject(error);
        },
      });
      start().postMessage(job, [data.buffer]);
    });

  return {
    async decode(pixels, signal) {
      if (signal.aborted) throw aborted(signal);
      if (!workerFailed) {
        try {
          return await inWorker(pixels, signal);
        } catch (error) {
          if (!(error instanceof WorkerUnavailable)) throw error;
        }
      }
      return decodeOnPage(pixels);
    },
    dispose() {
      worker?.terminate();
      worker = null;
      for (const job of waiting.values()) job.reject(new DOMException('disposed', 'AbortError'));
      waiting.clear();
    },
  };
}
