/**
 * The barcode worker: decodes the frames (zxing-wasm) and finds code-like regions off the page's
 * main thread, so speech and the screen reader never wait on it. Started by frame-decoder.ts.
 */
import { decodeFrame, type FrameCodes } from './decode-codes.ts';
import { readBarcodes } from './zxing-reader.ts';

export interface DecodeJob {
  id: number;
  width: number;
  height: number;
  /** The frame's RGBA pixels, transferred. */
  data: Uint8ClampedArray;
}

export type DecodeReply = { id: number; found: FrameCodes } | { id: number; failure: string };

self.addEventListener('message', (event: MessageEvent<DecodeJob>) => {
  const { id, width, height, data } = event.data;
  void decodeFrame({ data, width, height }, readBarcodes).then(
    (found) => self.postMessage({ id, found } satisfies DecodeReply),
    (error: unknown) =>
      self.postMessage({
        id,
        failure: error instanceof Error ? error.message : String(error),
      } satisfies DecodeReply),
  );
});
