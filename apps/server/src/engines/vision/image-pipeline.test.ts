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
    const pixels = await out.pixels();
    expect([pixels.width, pixels.height]).toEqual([70, 140]);
    expect(pixels.data.length).toBe(70 * 140 * 3);
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
    expect(await pixelsOf({ image: notDecodable, pixels }, 1600)).toBe(await pixels());
    const smaller = await pixelsOf({ image: notDecodable, pixels }, 150);
    expect([smaller.width, smaller.height]).toEqual([150, 100]);
    const jpeg = await jpegOf({ image: notDecodable, pixels }, 'lite');
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 140, height: 93 });
  });

  describe('a JPEG that needs no change is kept as sent, without its metadata', () => {
    const SOS = Buffer.from([0xff, 0xda]);
    const scan = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(SOS));
    const detailed = (width: number, height: number) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      });

    it('keeps the compressed image byte for byte and drops EXIF (where and with what it was taken)', async () => {
      const sent = await grey(400, 300)
        .jpeg({ quality: 80 })
        .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'GPS 31.2N 121.5E' } })
        .toBuffer();
      expect((await sharp(sent).metadata()).exif).toBeDefined();
      const out = await prepareUpload(sent, 'standard');
      expect(scan(out.jpeg).equals(scan(sent))).toBe(true);
      expect(out.jpeg.includes('PhoneMaker')).toBe(false);
      expect((await sharp(out.jpeg).metadata()).exif).toBeUndefined();
      const pixels = await out.pixels();
      expect([pixels.width, pixels.height]).toEqual([400, 300]);
    });

    it('hands a cloud model the same bytes when they fit its preset', async () => {
      const sent = await grey(400, 300).jpeg({ quality: 80 }).toBuffer();
      const prepared = await prepareUpload(sent, 'standard');
      expect(prepared.jpeg).toBe(sent);
      expect(await jpegOf({ image: prepared.jpeg, pixels: prepared.pixels }, 'standard')).toBe(sent);
      // a smaller preset still gets a smaller photo
      const lite = await jpegOf({ image: prepared.jpeg, pixels: prepared.pixels }, 'lite');
      expect(await sharp(lite).metadata()).toMatchObject({ width: 140, height: 105 });
    });

    it('re-encodes one that is rotated, too large, too dense or carries a colour profile', async () => {
      const rotated = await prepareUpload(
        await grey(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      );
      expect(await sharp(rotated.jpeg).metadata()).toMatchObject({ width: 200, height: 300 });
      const large = await prepareUpload(await grey(2400, 1600).jpeg().toBuffer(), 'standard');
      expect(await sharp(large.jpeg).metadata()).toMatchObject({ width: 1120, height: 747 });
      const profiled = await prepareUpload(await grey(300, 200).jpeg().withIccProfile('p3').toBuffer());
      expect((await sharp(profiled.jpeg).metadata()).hasProfile).toBe(false);
      const denseSent = await detailed(400, 300)
        .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
        .toBuffer();
      const dense = await prepareUpload(denseSent, 'standard');
      expect(dense.jpeg.length).toBeLessThan(denseSent.length / 2);
    });
  });
});
