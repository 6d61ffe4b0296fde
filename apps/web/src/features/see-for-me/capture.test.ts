import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureJob, CaptureReply } from './capture.worker.ts';

/** A stand-in for the capture worker: answers each job as `reply` says, or fails to start. */
class FakeWorker extends EventTarget {
  static jobs: CaptureJob[] = [];
  static reply: ((job: CaptureJob) => CaptureReply) | 'fails to start' = 'fails to start';
  postMessage(job: CaptureJob) {
    FakeWorker.jobs.push(job);
    const { reply } = FakeWorker;
    setTimeout(() => {
      if (reply === 'fails to start') this.dispatchEvent(new ErrorEvent('error', { message: 'refused' }));
      else this.dispatchEvent(new MessageEvent('message', { data: reply(job) }));
    });
  }
}

const frame = { source: {} as CanvasImageSource, width: 1280, height: 720 };

// each test gets a fresh module: the worker is kept for the page's life
async function loadCapture() {
  vi.resetModules();
  return import('./capture.ts');
}

describe('captureFrame', () => {
  beforeEach(() => {
    FakeWorker.jobs = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 1280, height: 720, close() {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the frame with the preset's size and quality to the worker and gives back its base64 and print", async () => {
    const view = { cells: new Uint8Array([1, 2, 3]), sharpness: 4 };
    FakeWorker.reply = (job) => ({ id: job.id, base64: `jpeg-${job.maxSide}`, view });
    const { captureFrame } = await loadCapture();
    await expect(captureFrame(frame, 'standard')).resolves.toEqual({ image: 'jpeg-1120', view });
    await expect(captureFrame(frame, 'lite')).resolves.toEqual({ image: 'jpeg-140', view });
    expect(FakeWorker.jobs.map(({ maxSide, quality }) => [maxSide, quality])).toEqual([
      [1120, 0.8],
      [140, 0.8],
    ]);
  });

  it("fails as the page would when the worker's canvas cannot be drawn on", async () => {
    FakeWorker.reply = (job) => ({ id: job.id, errorKey: 'seeForMe.errors.canvasContext' });
    const { captureFrame, CaptureError } = await loadCapture();
    await expect(captureFrame(frame, 'standard')).rejects.toBeInstanceOf(CaptureError);
  });

  it('captures on the page when the worker cannot start, and stops asking it', async () => {
    FakeWorker.reply = 'fails to start';
    const canvas = vi.spyOn(document, 'createElement');
    const { captureFrame, CaptureError } = await loadCapture();
    // jsdom's canvas has no 2D context: reaching it is what proves the page took over
    await expect(captureFrame(frame, 'standard')).rejects.toEqual(
      new CaptureError('seeForMe.errors.canvasContext'),
    );
    expect(canvas).toHaveBeenCalledWith('canvas');
    await expect(captureFrame(frame, 'standard')).rejects.toBeInstanceOf(CaptureError);
    expect(FakeWorker.jobs).toHaveLength(1);
  });
});

describe('captureFullPhoto (savePhoto)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the whole frame at its own size and encodes JPEG at quality 1', async () => {
    const drawn: unknown[][] = [];
    const sizes: number[][] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      sizes.push([this.width, this.height]);
      return { drawImage: (...args: unknown[]) => drawn.push(args) } as unknown as CanvasRenderingContext2D;
    } as unknown as HTMLCanvasElement['getContext']);
    const encoded: unknown[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type, quality) => {
      encoded.push([type, quality]);
      done(new Blob(['jpeg'], { type: 'image/jpeg' }));
    });
    const { captureFullPhoto } = await loadCapture();
    const photo = await captureFullPhoto({ source: frame.source, width: 4000, height: 3000 });
    expect(photo.type).toBe('image/jpeg');
    expect(sizes).toEqual([[4000, 3000]]);
    expect(drawn).toEqual([[frame.source, 0, 0, 4000, 3000]]);
    expect(encoded).toEqual([['image/jpeg', 1]]);
  });
});
