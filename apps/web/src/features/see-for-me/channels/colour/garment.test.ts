import { describe, expect, it } from 'vitest';
import {
  checks,
  COOL_LIGHT,
  flowers,
  hex,
  inRoom,
  NEUTRAL_LIGHT,
  paint,
  plaid,
  solid,
  stripes,
  underLight,
  WARM_LIGHT,
  type Painter,
  type Rgb,
} from '../../../../../test/images/painted-frames.ts';
import { garmentColours } from './garment.ts';

// the channel's frame size (a 16:9 camera picture scaled to 360)
const WIDTH = 360;
const HEIGHT = 203;
const NAVY = hex('#1f2a44');
const WHITE = hex('#f4f4f4');
const RED = hex('#c41e3a');
const BLACK = hex('#1a1a1a');
const GREEN = hex('#2e7d32');
const PINK = hex('#f48fb1');
const YELLOW = hex('#ffd54f');

const held = (garment: Painter, light: Rgb) =>
  garmentColours(underLight(paint(WIDTH, HEIGHT, inRoom(WIDTH, HEIGHT, garment, 0.7)), light));

describe.each([
  ['neutral', NEUTRAL_LIGHT],
  ['warm', WARM_LIGHT],
  ['cool', COOL_LIGHT],
] as const)('a garment held up in %s light', (_, light) => {
  it('plain: one colour', () => {
    expect(held(solid(NAVY), light)).toEqual({ colours: ['navy'], pattern: 'solid' });
  });

  it('plain with folds in light and shade: still one colour', () => {
    const folds: Painter = (x) => {
      const shade = 0.75 + 0.25 * Math.sin(x / 12);
      return [RED[0] * shade, RED[1] * shade, RED[2] * shade];
    };
    expect(held(folds, light).pattern).toBe('solid');
  });

  it('stripes across, down and on the diagonal: navy and white stripes', () => {
    const diagonal: Painter = (x, y) => (Math.floor((x + y) / 10) % 2 ? WHITE : NAVY);
    for (const painter of [stripes(NAVY, WHITE, 6), stripes(NAVY, WHITE, 4, 'columns'), diagonal]) {
      const garment = held(painter, light);
      expect(garment.pattern).toBe('stripes');
      expect(garment.colours.toSorted()).toEqual(['navy', 'white']);
    }
  });

  it('checks and plaid', () => {
    const checked = held(checks(RED, BLACK, 10), light);
    expect(checked.pattern).toBe('checks');
    expect(checked.colours.toSorted()).toEqual(['black', 'red']);
    expect(held(plaid(RED, BLACK, GREEN, 6), light).pattern).toBe('checks');
  });

  it('scattered flowers: patterned, the ground colour first', () => {
    const garment = held(flowers(WHITE, PINK, YELLOW, 8), light);
    expect(garment.pattern).toBe('patterned');
    expect(garment.colours[0]).toBe('white');
    expect(garment.colours).toContain('pink');
  });
});
