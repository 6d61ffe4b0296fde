/**
 * The capture worker: draws a camera frame into the capture box, scales it and encodes the JPEG on
 * an OffscreenCanvas, so none of it holds the page (on a phone it is 100 ms and more per capture,
 * the first of which comes as the camera page opens). Started by capture.ts.
 */
import {
  base64Of,
  CaptureError,
  encodeCapture,
  type CaptureErrorKey,
  type EncodeOptions,
} from './capture-encoder.ts';
import type { ViewPrint } from './view-print.ts';

export interface CaptureJob extends EncodeOptions {
  id: number;
  /** The frame, transferred: the worker closes it. */
  frame: ImageBitmap;
}

export type CaptureReply =
  | { id: number; base64: string; view: ViewPrint | null }
  | { id: number; errorKey: CaptureErrorKey }
  | { id: number; failure: string };

function offscreen(width: number, height: number) {
  const canvas = new OffscreenCanvas(width, height);
  return {
    image: canvas,
    context: canvas.getContext('2d'),
    jpeg: (quality: number) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
  };
}

async function run({ id, frame, maxSide, quality }: CaptureJob): Promise<CaptureReply> {
  try {
    const { jpeg, view } = await encodeCapture(
      frame,
      frame.width,
      frame.height,
      { maxSide, quality },
      offscreen,
    );
    return { id, base64: await base64Of(jpeg), view };
  } catch (error) {
    // a canvas the worker cannot draw on fails as one on the page would; the page hears of anything else
    if (error instanceof CaptureError) return { id, errorKey: error.messageKey };
    return { id, failure: error instanceof Error ? error.message : String(error) };
  } finally {
    frame.close();
  }
}

self.addEventListener('message', (event: MessageEvent<CaptureJob>) => {
  void run(event.data).then((reply) => self.postMessage(reply));
});
