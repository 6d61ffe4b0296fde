/**
 * The detector's worker: Human's browser build and its models, off the page's main thread (a frame
 * takes 0.1–0.4 s of wasm here, which on the page would stall the camera preview and the screen
 * reader's gestures). Started by detector-client.ts with the models its mode needs.
 */
import { Human } from '@vladmandic/human';
import type { Pixels } from '../frame-print.ts';
import type { Detections } from './detections.ts';
import { openModelFile } from './human-assets.ts';
import type { DetectorModels } from './human-config.ts';
import { loadHumanDetector, type HumanConstructor, type HumanDetector } from './human-detector.ts';

export type DetectorJob =
  { kind: 'load'; models: DetectorModels } | { kind: 'detect'; id: number; pixels: Pixels };

export type DetectorReply =
  | { kind: 'loaded' }
  | { kind: 'load-failed'; message: string }
  | { kind: 'detected'; id: number; detections: Detections }
  | { kind: 'failed'; id: number; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const reply = (message: DetectorReply) => self.postMessage(message);

let detector: Promise<HumanDetector> | null = null;

async function run(job: DetectorJob): Promise<void> {
  if (job.kind === 'load') {
    detector = loadHumanDetector(Human as unknown as HumanConstructor, job.models, openModelFile);
    try {
      await detector;
      reply({ kind: 'loaded' });
    } catch (error) {
      reply({ kind: 'load-failed', message: messageOf(error) });
    }
    return;
  }
  try {
    if (!detector) throw new Error('detector not loaded');
    reply({ kind: 'detected', id: job.id, detections: await (await detector).detect(job.pixels) });
  } catch (error) {
    reply({ kind: 'failed', id: job.id, message: messageOf(error) });
  }
}

// one job at a time: Human's pass over a frame is not made to interleave with another
let queue: Promise<void> = Promise.resolve();
self.addEventListener('message', (event: MessageEvent<DetectorJob>) => {
  queue = queue.then(() => run(event.data));
});
