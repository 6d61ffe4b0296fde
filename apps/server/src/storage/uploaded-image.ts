import type { CompressionPreset } from '@sfm/protocol';
import { AppError } from '../app-error.ts';
import {
  decodeBase64Image,
  ImageTooLargeError,
  InvalidImageError,
  inspectUpload,
  type ImageSize,
  type PreparedImage,
} from '../engines/vision/image-pipeline.ts';

/** An image error as the client hears it: 400, or 413 too large, naming `field`. */
function refusal(err: unknown, field: string): unknown {
  if (err instanceof InvalidImageError) return new AppError(400, 'errors.image_invalid', {}, { field });
  if (err instanceof ImageTooLargeError) return new AppError(413, 'errors.image_too_large', {}, { field });
  return err;
}

/**
 * A photo a client sent as base64, checked from its header alone (signature, size, pixels, the
 * memory decoding would take): gives the step that decodes it, so a caller can first reserve what
 * the work costs. A refusal names `field` (400, or 413 too large).
 */
export async function inspectUploadedImage(
  base64: string,
  size: CompressionPreset | ImageSize = 'high',
  field = 'image',
): Promise<() => Promise<PreparedImage>> {
  try {
    const decode = await inspectUpload(decodeBase64Image(base64), size);
    return () => decode().catch((err: unknown) => Promise.reject(refusal(err, field)));
  } catch (err) {
    throw refusal(err, field);
  }
}

/**
 * A photo a client sent as base64, checked (signature, size, pixels) and re-encoded upright as JPEG
 * (which also drops its metadata, such as where it was taken); a refusal names `field` (400, or 413 too large).
 */
export async function acceptUploadedImage(
  base64: string,
  size: CompressionPreset | ImageSize = 'high',
  field = 'image',
): Promise<PreparedImage> {
  return (await inspectUploadedImage(base64, size, field))();
}
