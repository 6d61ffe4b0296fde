/**
 * The server's OCR for a device too slow to read frames itself (POST /api/vision/text-lines: free,
 * rate-limited, nothing stored): the frame goes as a JPEG and the lines come back as the device's
 * worker would answer them (both run @sfm/ocr).
 */
import type { TextLinesRequest } from '@sfm/protocol';
import { api } from '../../../../api/http-client.ts';
import { base64Of } from '../../capture-encoder.ts';
import { inFramePixels } from './ocr-lines.ts';
import type { OcrExtent, OcrLine } from './ocr-types.ts';
import type { RgbaPixels } from './rgb-pixels.ts';

/** The frames are small (the channel's frameSide) and only their text matters. */
const JPEG_QUALITY = 0.8;

/** The server did not read the frame (offline, refused, rate-limited). */
export class ServerOcrError extends Error {
  override readonly name = 'ServerOcrError';
}

export type TextLinesCall = typeof api.call<'readTextLines'>;

async function jpegOf(pixels: RgbaPixels): Promise<Blob> {
  const image = new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height);
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(pixels.width, pixels.height);
    const context = canvas.getContext('2d');
    if (!context) throw new ServerOcrError('no canvas to encode the frame');
    context.putImageData(image, 0, 0);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  const context = canvas.getContext('2d');
  if (!context) throw new ServerOcrError('no canvas to encode the frame');
  context.putImageData(image, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new ServerOcrError('the frame could not be encoded'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

export async function readOnServer(
  pixels: RgbaPixels,
  extent: OcrExtent,
  signal: AbortSignal,
  call: TextLinesCall = (...args) => api.call(...args),
): Promise<OcrLine[]> {
  const request: TextLinesRequest = { image: await base64Of(await jpegOf(pixels)), extent };
  signal.throwIfAborted();
  const answer = await call('readTextLines', request, { signal });
  if (!answer.ok) throw new ServerOcrError(`${answer.code}: ${answer.message}`);
  return inFramePixels(answer.data.lines, pixels.width, pixels.height);
}
