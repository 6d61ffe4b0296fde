/**
 * On-device OCR for the live channels (instant text, document, banknotes): PaddleOCR PP-OCRv4 in a
 * web worker (ocr.worker.ts, onnxruntime-web's WebAssembly; the models and the runtime served by our
 * own build, kept in Cache Storage after the first use), the same pipeline as the server's (@sfm/ocr).
 * Offline and free. Detection runs first inside every reading: a frame with no text costs no
 * recognition.
 *
 * A device too slow for a live channel is measured, not guessed (engine-choice.ts): once the median
 * of its last readings is over the budget, or when its models cannot load, frames go to the
 * server's OCR instead (server-ocr.ts); a frame the server cannot take (offline) is still read on
 * the device where it can. While the models load (the first time a mode opens: a download and
 * seconds of compiling), readings go to the server too, so the mode reads from its first frame.
 *
 * Test hook: localStorage `sfm.ocrEngine` = 'server' or 'device' forces where OCR runs (the
 * browser tests force the server fallback with it).
 */
import { EngineChoice, type OcrEngine } from './engine-choice.ts';
import { workerOcr, type DeviceOcr } from './device-ocr.ts';
import { readOnServer } from './server-ocr.ts';
import type { DetectedLine, OcrExtent, OcrLine } from './ocr-types.ts';
import { rgbOf, type RgbaPixels } from './rgb-pixels.ts';

export type { DetectedLine, OcrExtent, OcrLine, PixelBox } from './ocr-types.ts';
export type { OcrEngine } from './engine-choice.ts';
export type { RgbaPixels } from './rgb-pixels.ts';

export const OCR_ENGINE_STORAGE_KEY = 'sfm.ocrEngine';

export interface OcrOptions {
  /** 'prominent' (the default) for the big text of signs and labels, 'all' for a page. */
  extent?: OcrExtent;
  /**
   * On the device, the detector's input limit instead of the extent's own (640 px prominent, 960
   * all): smaller is faster, for big text. The server keeps its own.
   */
  detectorSide?: number;
}

export interface OcrClient {
  /** Settled once the device's models are loaded, or known not to load (then the server reads). */
  readonly ready: Promise<void>;
  /** Where the next reading runs. */
  readonly engine: OcrEngine;
  /** The text lines of a frame, not read (fast: for framing guidance). */
  detectLines(pixels: RgbaPixels, signal: AbortSignal, options?: OcrOptions): Promise<DetectedLine[]>;
  /** The text lines of a frame read, in reading order. */
  readLines(pixels: RgbaPixels, signal: AbortSignal, options?: OcrOptions): Promise<OcrLine[]>;
  /** The channel ended: the worker and its models are released. */
  dispose(): void;
}

export interface OcrClientDeps {
  device?: DeviceOcr;
  server?: typeof readOnServer;
  forced?: OcrEngine | null;
  budgetMs?: number;
  now?: () => number;
}

function forcedEngine(): OcrEngine | null {
  try {
    const value = localStorage.getItem(OCR_ENGINE_STORAGE_KEY);
    return value === 'server' || value === 'device' ? value : null;
  } catch {
    return null;
  }
}

/** A line read by the server, as the detector would have given it (its direction unknown: level). */
const asDetected = ({ box, score }: OcrLine): DetectedLine => ({ ...box, angle: 0, score });

export function createOcrClient(deps: OcrClientDeps = {}): OcrClient {
  const device = deps.device ?? workerOcr();
  const server = deps.server ?? readOnServer;
  const now = deps.now ?? (() => performance.now());
  const forced = deps.forced === undefined ? forcedEngine() : deps.forced;
  const choice = new EngineChoice(forced, deps.budgetMs);
  let deviceState: 'loading' | 'ready' | 'failed' = 'loading';
  // forced to the server, the device's 30 MB are not even fetched
  const ready =
    forced === 'server'
      ? Promise.resolve()
      : device.load().then(
          () => {
            deviceState = 'ready';
          },
          (error: unknown) => {
            console.warn('on-device OCR unavailable:', error instanceof Error ? error.message : error);
            deviceState = 'failed';
            choice.deviceFailed();
          },
        );

  /**
   * Where a reading goes first: the server once chosen, and while the device's models load (seconds
   * the first time the mode opens), so text is read from the start; never when forced to the device.
   */
  const serverFirst = () => choice.engine === 'server' || (deviceState === 'loading' && forced !== 'device');

  /** The server's reading, or null when it failed and the device can read instead (once loaded). */
  async function fromServer(pixels: RgbaPixels, extent: OcrExtent, signal: AbortSignal) {
    try {
      return await server(pixels, extent, signal);
    } catch (error) {
      if (signal.aborted || deviceState === 'failed' || forced === 'server') throw error;
      return null;
    }
  }

  const request = (extent: OcrExtent, detectorSide: number | undefined) => ({
    extent,
    ...(detectorSide && { detectorSide }),
  });

  return {
    ready,
    get engine() {
      return choice.engine;
    },
    async detectLines(pixels, signal, { extent = 'prominent', detectorSide } = {}) {
      if (choice.engine === 'server') {
        const lines = await fromServer(pixels, extent, signal);
        if (lines) return lines.map(asDetected);
      }
      return device.detect(rgbOf(pixels), request(extent, detectorSide), signal);
    },
    async readLines(pixels, signal, { extent = 'prominent', detectorSide } = {}) {
      if (serverFirst()) {
        const lines = await fromServer(pixels, extent, signal);
        if (lines) return lines;
      }
      // a reading that waited for the models to load says nothing of the device's speed
      const timed = deviceState === 'ready';
      const started = now();
      const lines = await device.read(rgbOf(pixels), request(extent, detectorSide), signal);
      if (timed) choice.recordDevice(now() - started);
      return lines;
    },
    dispose() {
      device.dispose();
    },
  };
}
