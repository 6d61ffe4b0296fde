import { describe, expect, it } from 'vitest';
import { resizeRgb, rgbOf } from './rgb-pixels.ts';

const rgba = (width: number, height: number, pixel: (x: number, y: number) => number[]) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([...pixel(x, y), 255], (y * width + x) * 4);
  return { data, width, height };
};

describe('rgbOf', () => {
  it('drops the alpha channel and leaves the frame as it was', () => {
    const frame = rgba(2, 1, (x) => [x * 100, 7, 9]);
    const image = rgbOf(frame);
    expect([...image.data]).toEqual([0, 7, 9, 100, 7, 9]);
    expect(frame.data[3]).toBe(255);
  });
});

describe('resizeRgb', () => {
  it('averages what each output pixel covers when shrinking: a one-pixel line still shows', () => {
    // a 4 × 4 white image with one black column: halved, its column is half as dark, not gone
    const image = rgbOf(rgba(4, 4, (x) => (x === 1 ? [0, 0, 0] : [255, 255, 255])));
    const half = resizeRgb(image, 2, 2);
    expect([half.width, half.height]).toEqual([2, 2]);
    expect(half.data[0]).toBe(128);
    expect(half.data[3]).toBe(255);
  });

  it('interpolates when growing, and keeps a flat image flat', () => {
    const ramp = rgbOf(rgba(2, 1, (x) => [x * 200, 50, 50]));
    const grown = resizeRgb(ramp, 4, 1);
    const reds = [0, 1, 2, 3].map((x) => grown.data[x * 3]);
    expect(reds).toEqual([...reds].sort((a = 0, b = 0) => a - b));
    expect(reds[0]).toBe(0);
    expect(reds[3]).toBe(200);
    expect(grown.data[4]).toBe(50);
  });

  it('is the image itself at its own size', () => {
    const image = rgbOf(rgba(3, 2, () => [1, 2, 3]));
    expect(resizeRgb(image, 3, 2)).toBe(image);
  });
});
