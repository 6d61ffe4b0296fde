import type { CompressionPreset } from '@sfm/protocol';
import { AppError } from '../app-error.ts';
import {
  decodeBase64Image,
  ImageTooLargeError,
  InvalidImageError,
  prepareUpload,
  type ImageSize,
  type PreparedImage,
} from '../engines/vision/image-pipeline.ts';

/**
 * A photo a client sent as base64, checked (signature, size, pixels) and re-encoded upright as JPEG
 * (which also drops its metadata, such as where it was taken); a refusal names `field` (400, or 413 too large).
 */
export async function acceptUploadedImage(
  base64: string,
  size: CompressionPreset | ImageSize = 'high',
  field = 'image',
): Promise<PreparedImage> {
  try {
    return await prepareUpload(decodeBase64Image(base64), size);
  } catch (err) {
    if (err instanceof InvalidImageError) throw new AppError(400, 'errors.image_invalid', {}, { field });
    if (err instanceof ImageTooLargeError) throw new AppError(413, 'errors.image_too_large', {}, { field });
    throw err;
  }
}
