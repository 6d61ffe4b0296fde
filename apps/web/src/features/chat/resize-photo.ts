/**
 * The chat's one image helper (spec §9): any photo — a camera frame or a chosen file — becomes a
 * JPEG whose longest side is at most 800 px, at quality 0.7, before it is stored or sent.
 */
import { CHAT_IMAGE } from '@sfm/protocol';

export class PhotoUnreadableError extends Error {
  override readonly name = 'PhotoUnreadableError';
}

/** Draws `source` (width × height) scaled to fit 800 px and encodes it as JPEG 0.7. */
export function resizePhoto(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const scale = Math.min(1, CHAT_IMAGE.maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context || width === 0 || height === 0) return Promise.reject(new PhotoUnreadableError());
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoUnreadableError())),
      'image/jpeg',
      CHAT_IMAGE.quality,
    ),
  );
}

/** A chosen file as the chat's photo (upright: the browser applies the EXIF orientation). */
export async function photoFromFile(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (cause) {
    throw new PhotoUnreadableError('not a readable image', { cause });
  }
  try {
    return await resizePhoto(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The current frame of a playing camera video as the chat's photo. */
export function photoFromVideo(video: HTMLVideoElement): Promise<Blob> {
  return resizePhoto(video, video.videoWidth, video.videoHeight);
}

/** A blob's bytes as base64 (what the chat endpoint takes). */
export async function base64OfBlob(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
