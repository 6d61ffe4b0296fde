import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_PRESETS, InvalidImageError, prepareImage, preparePixels } from './prepare-image.ts';
import { visionConfigFromEnv } from './vision-config.ts';

describe('prepareImage', () => {
  it('applies EXIF rotation, caps the longest side and outputs JPEG', async () => {
    // 400×200 stored, EXIF orientation 6 = displayed rotated 90°: 200×400
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await prepareImage(rotated, 100);
    expect([out.width, out.height]).toEqual([50, 100]);
    const meta = await sharp(out.jpeg).metadata();
    expect(meta.format).toBe('jpeg');
  });
  it('throws InvalidImageError for bytes that are not an image', async () => {
    await expect(prepareImage(Buffer.from('not an image'), 100)).rejects.toBeInstanceOf(InvalidImageError);
  });
  it('gives the same upright, capped image as RGB pixels, transparency on white', async () => {
    const transparent = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await preparePixels(transparent, 100);
    expect([out.width, out.height]).toEqual([100, 50]);
    expect(out.data.length).toBe(100 * 50 * 3);
    expect([...out.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    await expect(preparePixels(Buffer.from('nope'), 100)).rejects.toBeInstanceOf(InvalidImageError);
  });
  it('has the spec compression presets', () => {
    expect(COMPRESSION_PRESETS).toEqual({
      high: { maxSide: 1920, quality: 0.8 },
      standard: { maxSide: 1120, quality: 0.8 },
      lite: { maxSide: 140, quality: 0.8 },
    });
  });
});

describe('visionConfigFromEnv', () => {
  it('defaults to embedded, dashscope with a key, openai-compatible with a base URL', () => {
    expect(visionConfigFromEnv({}).engine).toBe('embedded');
    const ds = visionConfigFromEnv({ DASHSCOPE_API_KEY: 'k' });
    expect(ds).toMatchObject({
      engine: 'dashscope',
      dashscopeBaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
      visionModel: 'qwen-vl-plus',
    });
    expect(
      visionConfigFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', VISION_MODEL: 'llava' }),
    ).toMatchObject({ engine: 'openai-compatible', visionModel: 'llava' });
    expect(visionConfigFromEnv({ VISION_ENGINE: 'embedded', DASHSCOPE_API_KEY: 'k' }).engine).toBe(
      'embedded',
    );
  });
  it('rejects an engine without what it needs', () => {
    expect(() => visionConfigFromEnv({ VISION_ENGINE: 'dashscope' })).toThrow();
    expect(() => visionConfigFromEnv({ VISION_ENGINE: 'nope' })).toThrow();
  });
});
