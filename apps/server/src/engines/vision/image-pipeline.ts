/**
 * A photo from upload to engines, decoded at most once: base64 → bytes → format and size checks →
 * the upright JPEG that is stored and sent to cloud models. A JPEG the app already made upright,
 * small and plain (what the camera page sends) is kept as it came, its metadata cut out, with no
 * decode at all: decoding and re-encoding cost ≈ 30 ms of CPU a photo, most of the server's work
 * per analysis under load. Any other photo is decoded once (EXIF orientation applied, since phones
 * store portrait shots rotated; longest side capped by the spec §9 compression preset;
 * transparency flattened onto white) and re-encoded. Models run in-process read the decoded
 * pixels, resized at most, never decoded twice. OCR on a 3360 px photo took 7 s and 3.6 GB; at
 * ≤ 1600 px it is well under a second.
 */
import type { RgbImage } from '@sfm/ocr';
import { COMPRESSION_PRESETS, MAX_IMAGE_BYTES, type CompressionPreset } from '@sfm/protocol';
import sharp, { type Metadata } from 'sharp';
import { turnsOf } from './turns.ts';
import { withoutMetadata } from './jpeg-metadata.ts';

/** Bytes that are not an accepted, decodable photo (JPEG, PNG or WebP). */
export class InvalidImageError extends Error {
  override readonly name = 'InvalidImageError';
  constructor(options?: { cause?: unknown }) {
    super('invalid image data', options);
  }
}

/** A photo over the byte or pixel cap. */
export class ImageTooLargeError extends Error {
  override readonly name = 'ImageTooLargeError';
  constructor() {
    super('image too large');
  }
}

/** Largest accepted photo in pixels (phone cameras go up to 50 MP; a 16k × 16k PNG can be tiny). */
const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * Most memory one photo's decoding may take, judged from its header before anything is decoded: a
 * 760 KB interlaced 16-bit RGBA PNG of 10000×10000 px decodes to 800 MB. A 12 MP phone photo as
 * PNG takes 36 MB; a JPEG is decoded at a fraction of its size when it is made smaller anyway.
 */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** Photos being decoded at once in this process: the rest wait their turn (memory stays bounded). */
const DECODES_AT_ONCE = 2;

/** Bytes per sample of each libvips band format sharp reports. */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
};

/**
 * The most a JPEG is shrunk while decoding (libvips decodes at 1/2, 1/4 or 1/8 when the result is
 * smaller still): counted at half what libvips may do, to stay on the safe side.
 */
function jpegShrinkOnLoad(ratio: number): number {
  if (ratio >= 16) return 8;
  if (ratio >= 8) return 4;
  return ratio >= 4 ? 2 : 1;
}

/** What decoding the photo for `maxSide` takes in memory, from its header alone. */
export function decodedBytes(meta: Metadata, maxSide: number): number {
  const { width = 0, height = 0 } = meta;
  const shrink = meta.format === 'jpeg' ? jpegShrinkOnLoad(Math.max(width, height) / maxSide) : 1;
  const sampleBytes = SAMPLE_BYTES[meta.depth ?? ''] ?? 8;
  return Math.ceil(width / shrink) * Math.ceil(height / shrink) * (meta.channels ?? 4) * sampleBytes;
}

/** Decodes wait for one of DECODES_AT_ONCE turns, first come first served. */
const decodeTurns = turnsOf(DECODES_AT_ONCE);

/** Largest side the embedded OCR is given. */
export const EMBEDDED_MAX_SIDE = 1600;

/** A size other than the analysis presets (a user photo such as an avatar): longest side, JPEG quality 0..1. */
export interface ImageSize {
  maxSide: number;
  quality: number;
}

/** 8-bit RGB, row-major, 3 bytes per pixel: what the in-process models read. */
export type { RgbImage };

export interface PreparedImage {
  /** Upright, at the preset's size: what is stored, and what cloud models are sent. */
  jpeg: Buffer;
  /** The same image as pixels, decoded on the first call: what in-process models read. */
  pixels: () => Promise<RgbImage>;
}

/** The photo as an engine request carries it. */
export interface EncodedImage {
  /** Encoded bytes (JPEG, PNG, WebP); the vision service passes the upright JPEG it stores. */
  image: Buffer;
  /** The same photo's pixels, when the caller has them (the service does): not decoded again. */
  pixels?: () => Promise<RgbImage>;
}

type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * The base64 text an upload came as, by its decoded bytes: a photo kept as sent goes on to a cloud
 * model as that same text, not encoded again (a few ms of the main thread per photo).
 */
const uploadedAs = new WeakMap<Buffer, string>();

/** Bytes of a base64 text (already checked against the protocol's alphabet and length). */
export function decodeBase64Image(base64: string): Buffer {
  // a length of 4n+1 is never valid base64; padding only ever closes a full quartet
  if (base64.length % 4 === 1 || (base64.includes('=') && base64.length % 4 !== 0)) {
    throw new InvalidImageError();
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new InvalidImageError();
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageTooLargeError();
  // only padded text is passed on as it came: some services refuse base64 without its padding
  if (base64.length % 4 === 0) uploadedAs.set(bytes, base64);
  return bytes;
}

/** The bytes as base64: the upload's own text when these are the very bytes it decoded to. */
export function base64Of(bytes: Buffer): string {
  return uploadedAs.get(bytes) ?? bytes.toString('base64');
}

/** The format from the file's signature, or null for anything else (GIF and the rest are refused). */
function sniffFormat(bytes: Buffer): ImageFormat | null {
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

/**
 * Checks an uploaded photo (its signature, then its header's size in pixels against decompression
 * bombs) and prepares it for storage and the engines. Without a preset, `high` (1920 px) keeps
 * enough detail for reading.
 */
export async function prepareUpload(
  bytes: Buffer,
  size: CompressionPreset | ImageSize = 'high',
): Promise<PreparedImage> {
  return (await inspectUpload(bytes, size))();
}

/**
 * The checks of prepareUpload that read only the photo's header (signature, format, pixels and
 * the memory decoding would take): throws at once for a photo that will not be decoded, else
 * gives the decoding step, so a caller can reserve what the work costs before it starts.
 */
export async function inspectUpload(
  bytes: Buffer,
  size: CompressionPreset | ImageSize = 'high',
): Promise<() => Promise<PreparedImage>> {
  const format = sniffFormat(bytes);
  if (!format) throw new InvalidImageError();
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (cause) {
    throw new InvalidImageError({ cause });
  }
  if (meta.format !== format || !meta.width || !meta.height) throw new InvalidImageError();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError();
  const { maxSide, quality } = typeof size === 'string' ? COMPRESSION_PRESETS[size] : size;
  const kept = keptAsSent(bytes, meta, maxSide);
  if (kept) return () => Promise.resolve({ jpeg: kept, pixels: decodedOnce(kept, maxSide) });
  if (decodedBytes(meta, maxSide) > MAX_DECODED_BYTES) throw new ImageTooLargeError();
  return async () => {
    const pixels = await decodeTurns(() => decodePixels(bytes, maxSide));
    return { jpeg: await encodeJpeg(pixels, quality), pixels: () => Promise.resolve(pixels) };
  };
}

/**
 * Densest JPEG kept as sent, in bits per pixel: above what quality 0.9 gives a detailed photo
 * (the presets' 0.8 gives 0.7–1.9), a photo is re-encoded at the preset's quality instead.
 */
const MAX_KEPT_BITS_PER_PIXEL = 3;

/**
 * The photo itself, without its metadata, when it needs no other change: a JPEG already upright,
 * within maxSide, plain sRGB with no colour profile to apply, and not denser than a preset makes
 * it. Null when it must be decoded and re-encoded.
 */
function keptAsSent(bytes: Buffer, meta: Metadata, maxSide: number): Buffer | null {
  const { width = 0, height = 0 } = meta;
  const upright = (meta.orientation ?? 1) === 1;
  const plain = meta.channels === 3 && meta.space === 'srgb' && !meta.hasProfile;
  const fits = Math.max(width, height) <= maxSide;
  const dense = (bytes.length * 8) / (width * height) > MAX_KEPT_BITS_PER_PIXEL;
  if (meta.format !== 'jpeg' || !upright || !plain || !fits || dense) return null;
  return withoutMetadata(bytes);
}

/** Pixels decoded on the first call only (a cloud engine never asks for them). */
function decodedOnce(jpeg: Buffer, maxSide: number): () => Promise<RgbImage> {
  let decoding: Promise<RgbImage> | undefined;
  return () => (decoding ??= decodePixels(jpeg, maxSide));
}

const rgb = (data: Buffer, width: number, height: number): RgbImage => ({
  data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  width,
  height,
});

/** An encoded image decoded: upright, at most maxSide, transparency flattened onto white. */
export async function decodePixels(image: Buffer, maxSide: number): Promise<RgbImage> {
  try {
    // never more pixels than an upload may have, read top to bottom (no whole-image buffer first)
    const { data, info } = await sharp(image, {
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_PIXELS,
      sequentialRead: true,
    })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return rgb(data, info.width, info.height);
  } catch (cause) {
    throw new InvalidImageError({ cause });
  }
}

/** Decoded pixels as sharp's input. */
export const rawInput = (image: RgbImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });

/** JPEG at quality 0..1 (as in the spec). */
function encodeJpeg(image: RgbImage, quality: number): Promise<Buffer> {
  return rawInput(image)
    .jpeg({ quality: Math.round(quality * 100) })
    .toBuffer();
}

/** Resized copy of exactly width × height (the aspect may change slightly to hit exact sizes). */
export async function resizeRgb(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  const data = await rawInput(image).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  return rgb(data, width, height);
}

/** At most maxSide, the aspect kept; the image itself when it already fits. */
async function fitRgb(image: RgbImage, maxSide: number): Promise<RgbImage> {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  const { data, info } = await rawInput(image)
    .resize(maxSide, maxSide, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgb(data, info.width, info.height);
}

/** The photo as pixels of at most maxSide: from the decoded pixels when given, else decoded now. */
export async function pixelsOf(photo: EncodedImage, maxSide: number): Promise<RgbImage> {
  return photo.pixels ? fitRgb(await photo.pixels(), maxSide) : decodePixels(photo.image, maxSide);
}

/**
 * The photo as a JPEG at a compression preset (what a cloud model is sent): the photo itself when
 * it already fits the preset, else re-encoded.
 */
export async function jpegOf(photo: EncodedImage, compression: CompressionPreset): Promise<Buffer> {
  const { maxSide, quality } = COMPRESSION_PRESETS[compression];
  const meta = await sharp(photo.image)
    .metadata()
    .catch(() => null);
  const kept = meta && keptAsSent(photo.image, meta, maxSide);
  return kept || encodeJpeg(await pixelsOf(photo, maxSide), quality);
}
