/**
 * The uploaded photo before any engine sees it: base64 → bytes, a format check (JPEG, PNG, WebP
 * only; GIF and the rest are refused), a size check in pixels against decompression bombs, then
 * the engines' own preparation (decode, EXIF rotation, resize, JPEG).
 */
import { COMPRESSION_PRESETS, InvalidImageError, prepareImage } from '../../engines/vision/prepare-image.ts';
import { MAX_IMAGE_BYTES, type CompressionPreset } from '@sfm/protocol';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../app-error.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Largest accepted photo in pixels (phone cameras go up to 50 MP; a 16k × 16k PNG can be tiny). */
export const MAX_IMAGE_PIXELS = 100_000_000;

const invalid = () => new AppError(400, 'errors.image_invalid', {}, { field: 'image' });
const tooLarge = () => new AppError(400, 'errors.image_too_large', {}, { field: 'image' });

/** Bytes of a base64 text (already checked against the protocol's alphabet and length). */
export function decodeBase64Image(base64: string): Buffer {
  // a length of 4n+1 is never valid base64; padding only ever closes a full quartet
  if (base64.length % 4 === 1 || (base64.includes('=') && base64.length % 4 !== 0)) throw invalid();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalid();
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
  return bytes;
}

/** The format from the file's signature, or null for anything else. */
export function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface NormalisedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * Checks and normalises the photo for analysis and storage. `compression` (spec §9 presets)
 * bounds the longest side; without it the `high` preset (1920 px) keeps enough detail for reading.
 */
export async function normaliseImage(
  bytes: Buffer,
  compression?: CompressionPreset,
): Promise<NormalisedImage> {
  const format = sniffFormat(bytes);
  if (!format) throw invalid();
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw invalid();
  }
  if (meta.format !== format || !meta.width || !meta.height) throw invalid();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooLarge();
  const preset = COMPRESSION_PRESETS[compression ?? 'high'];
  try {
    return await prepareImage(bytes, preset.maxSide, preset.quality);
  } catch (err) {
    if (err instanceof InvalidImageError) throw invalid();
    throw err;
  }
}
