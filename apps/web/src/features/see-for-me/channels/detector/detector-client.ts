import type { Pixels } from '../frame-print.ts';
import type { Detections } from './detections.ts';
import type { DetectorModels } from './human-config.ts';
import type { DetectorJob, DetectorReply } from './detector.worker.ts';
import type { HumanConstructor, HumanDetector } from './human-detector.ts';

/** The on-device detector a channel holds while its mode is open. */
export interface Detector {
  /** The frame's things and faces; rejects with an AbortError once `signal` aborts. */
  detect(pixels: Pixels, signal: AbortSignal): Promise<Detections>;
  /** The worker and its models are released. */
  dispose(): void;
}

/** The worker could not start (no module workers here, its script refused): the page runs Human itself. */
class WorkerUnavailable extends Error {
  override readonly name = 'WorkerUnavailable';
}

const aborted = () => new DOMException('aborted', 'AbortError');

/** Resolves with `work`, or rejects as soon as `signal` aborts (the work's result is then dropped). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function workerDetector(models: DetectorModels): Promise<Detector> {
  const worker = new Worker(new URL('./detector.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve: (d: Detections) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  return new Promise<Detector>((resolveLoad, rejectLoad) => {
    const detector: Detector = {
      detect(pixels, signal) {
        const id = (nextId += 1);
        // a copy is handed over (the frame's own buffer stays with the page's ImageData)
        const data = new Uint8ClampedArray(pixels.data);
        const job: DetectorJob = {
          kind: 'detect',
          id,
          pixels: { data, width: pixels.width, height: pixels.height },
        };
        const work = new Promise<Detections>((resolve, reject) => waiting.set(id, { resolve, reject }));
        worker.postMessage(job, [data.buffer]);
        return abortable(work, signal);
      },
      dispose() {
        worker.terminate();
        for (const job of waiting.values()) job.reject(aborted());
        waiting.clear();
      },
    };
    worker.addEventListener('message', ({ data }: MessageEvent<DetectorReply>) => {
      if (data.kind === 'loaded') return resolveLoad(detector);
      if (data.kind === 'load-failed') {
        worker.terminate();
        return rejectLoad(new Error(data.message));
      }
      const job = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.kind === 'detected') job?.resolve(data.detections);
      else job?.reject(new Error(data.message));
    });
    worker.addEventListener('error', (event) => {
      const error = new WorkerUnavailable(`detector worker failed: ${event.message}`);
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
      worker.terminate();
      rejectLoad(error);
    });
    const load: DetectorJob = { kind: 'load', models };
    worker.postMessage(load);
  });
}

/** Human on the page's thread, once per model set: the page keeps it for the next opening of the mode. */
const onPage = new Map<DetectorModels, Promise<HumanDetector>>();

/** Human on the page's own thread: where no module worker can start (older browsers). */
function pageDetector(models: DetectorModels): Promise<Detector> {
  let loading = onPage.get(models);
  if (!loading) {
    loading = Promise.all([
      import('@vladmandic/human'),
      import('./human-detector.ts'),
      import('./human-assets.ts'),
    ]).then(([{ Human }, { loadHumanDetector }, { openModelFile }]) =>
      loadHumanDetector(Human as unknown as HumanConstructor, models, openModelFile),
    );
    // a failed load is tried again at the next opening
    loading.catch(() => onPage.delete(models));
    onPage.set(models, loading);
  }
  return loading.then((human) => ({
    detect: (pixels, signal) => abortable(human.detect(pixels), signal),
    dispose() {
      // kept for the next opening (onPage): loading Human's models again would leak the first copy
    },
  }));
}

/**
 * The detector for a mode's models, loaded (models fetched, wasm compiled, one blank frame run):
 * in a module worker, or on the page where a worker cannot start. A model that fails to load fails
 * here (the page would fail the same way: it is not tried).
 */
export async function openDetector(models: DetectorModels): Promise<Detector> {
  if (typeof Worker !== 'undefined') {
    try {
      return await workerDetector(models);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  return pageDetector(models);
}
