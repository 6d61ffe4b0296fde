import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePixels, InvalidImageError, jpegOf, pixelsOf, prepareUpload } from './image-pipeline.ts';

const grey = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#888' } });

describe('image pipeline', () => {
  it('applies EXIF rotation, caps the longest side at the preset and outputs JPEG with its pixels', async () => {
    // 400×200 stored, EXIF orientation 6 = displayed rotated 90°: 200×400, lite caps it at 140
    const rotated = await grey(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await prepareUpload(rotated, 'lite');
    const meta = await sharp(out.jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([70, 140]);
    expect([out.pixels.width, out.pixels.height]).toEqual([70, 140]);
    expect(out.pixels.data.length).toBe(70 * 140 * 3);
  });

  it('throws InvalidImageError for bytes that are not an image', async () => {
    await expect(prepareUpload(Buffer.from('not an image'))).rejects.toBeInstanceOf(InvalidImageError);
    await expect(decodePixels(Buffer.from('nope'), 100)).rejects.toBeInstanceOf(InvalidImageError);
  });

  it('gives the same upright, capped image as RGB pixels, transparency on white', async () => {
    const transparent = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await decodePixels(transparent, 100);
    expect([out.width, out.height]).toEqual([100, 50]);
    expect(out.data.length).toBe(100 * 50 * 3);
    expect([...out.data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('does not decode again when the pixels come along: engines resize what the upload decoded', async () => {
    const { pixels } = await prepareUpload(await grey(300, 200).png().toBuffer());
    const notDecodable = Buffer.from('only the pixels are read');
    expect(await pixelsOf({ image: notDecodable, pixels }, 1600)).toBe(pixels);
    const smaller = await pixelsOf({ image: notDecodable, pixels }, 150);
    expect([smaller.width, smaller.height]).toEqual([150, 100]);
    const jpeg = await jpegOf({ image: notDecodable, pixels }, 'lite');
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 140, height: 93 });
  });
});
