/**
 * The app's one photo downsizing helper: a camera frame or a chosen file becomes a JPEG of at most
 * `maxSide` (centre-cropped to a square first for an avatar) before it is stored or sent — a phone
 * photo of several megabytes leaves the device as a few dozen kilobytes, without its metadata.
 */
import type { PhotoSize } from '@sfm/protocol/user-photos';

export class PhotoUnreadableError extends Error {
  override readonly name = 'PhotoUnreadableError';
}

/** Draws `source` (width × height) at `size` and encodes it as JPEG. */
export function downsizeImage(
  source: CanvasImageSource,
  width: number,
  height: number,
  size: PhotoSize,
): Promise<Blob> {
  const side = Math.min(width, height);
  const [sx, sy, sw, sh] = size.square
    ? [(width - side) / 2, (height - side) / 2, side, side]
    : [0, 0, width, height];
  const scale = Math.min(1, size.maxSide / Math.max(sw, sh));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(sw * scale));
  canvas.height = Math.max(1, Math.round(sh * scale));
  const context = canvas.getContext('2d');
  if (!context || width === 0 || height === 0) return Promise.reject(new PhotoUnreadableError());
  context.drawImage(source, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoUnreadableError())),
      'image/jpeg',
      size.quality,
    ),
  );
}

/** A chosen file at `size` (upright: the browser applies the EXIF orientation). */
export async function downsizePhotoFile(file: Blob, size: PhotoSize): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (cause) {
    throw new PhotoUnreadableError('not a readable image', { cause });
  }
  try {
    return await downsizeImage(bitmap, bitmap.width, bitmap.height, size);
  } finally {
    bitmap.close();
  }
}

/** A blob's bytes as base64 (what the API's photo fields take). */
export async function base64OfBlob(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
