import { describe, expect, it } from 'vitest';
import { hex, NEUTRAL_LIGHT, paint, solid, underLight } from '../../../../../test/images/painted-frames.ts';
import { brightnessOf } from './brightness.ts';

const frame = (grey: number, exposure = 1) =>
  underLight(paint(64, 36, solid([grey, grey, grey])), NEUTRAL_LIGHT, { exposure });

describe('brightness', () => {
  it('is the lightness a person sees: black 0, mid grey about 50, white 100', () => {
    expect(brightnessOf(paint(64, 36, solid([0, 0, 0])))).toBe(0);
    expect(brightnessOf(paint(64, 36, solid(hex('#777777'))))).toBeCloseTo(50, -1);
    expect(brightnessOf(paint(64, 36, solid([255, 255, 255])))).toBe(100);
  });

  it('rises with the light in the room', () => {
    const levels = [0.02, 0.1, 0.4, 1].map((exposure) => brightnessOf(frame(200, exposure)));
    expect(levels).toEqual(levels.toSorted((a, b) => a - b));
    expect(levels[0]).toBeLessThan(20);
    expect(levels[3]).toBeGreaterThan(75);
  });

  it('counts a lit lamp in a dark room (the brightest quarter), not a few hot pixels', () => {
    const lampInView = paint(64, 36, (x) => (x < 20 ? [250, 240, 220] : [15, 15, 15]));
    expect(brightnessOf(lampInView)).toBeGreaterThan(75);
    const hotPixels = paint(64, 36, (x, y) => (x === 3 && y < 8 ? [255, 255, 255] : [15, 15, 15]));
    expect(brightnessOf(hotPixels)).toBeLessThan(10);
  });
});
