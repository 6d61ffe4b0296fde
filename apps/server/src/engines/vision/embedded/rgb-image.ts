/**
 * Decoded 8-bit RGB pixels, row-major, 3 bytes per pixel (preparePixels makes them). A photo is
 * decoded once per analysis and both models (and both OCR stages) take their inputs from them.
 */
import sharp from 'sharp';

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Decodes an encoded image (already oriented and sized by prepareImage) to RGB. */
export async function decodeRgb(image: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** Resized copy of exactly width × height (the aspect may change slightly to hit exact sizes). */
export async function resizeRgb(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height };
}
