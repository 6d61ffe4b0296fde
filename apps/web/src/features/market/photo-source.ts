import { MAX_IMAGE_BYTES } from '@sfm/protocol';
import * as media from '../../platform/media.ts';
import { requestWithRationale } from '../../ui/permission-overlay.tsx';

/** The longest side of a try-out photo: enough to read a label, small enough to send quickly. */
const PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.85;

export class PhotoError extends Error {
  override readonly name = 'PhotoError';
}

const base64Of = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** A JPEG of the drawable, at most PHOTO_MAX_SIDE, in base64 (no data: prefix). */
function encode(source: CanvasImageSource, width: number, height: number): string {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoError('no 2d canvas');
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return base64Of(canvas.toDataURL('image/jpeg', JPEG_QUALITY));
}

/** A photo the user chose, as base64 JPEG. */
export async function photoFromFile(file: File): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new PhotoError('image too large');
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new PhotoError('not an image');
  });
  try {
    return encode(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** One frame of the rear camera (after the permission rationale), the camera closed again at once. */
export async function photoFromCamera(): Promise<string> {
  const devices = media.mediaDevices();
  if (!devices) throw new PhotoError('camera API unavailable');
  const stream = await requestWithRationale('camera', () =>
    devices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
  );
  const video = document.createElement('video');
  try {
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    if (video.videoWidth === 0) {
      await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
    }
    return encode(video, video.videoWidth, video.videoHeight);
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
