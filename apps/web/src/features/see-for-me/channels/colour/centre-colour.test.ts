import { describe, expect, it } from 'vitest';
import { COLOUR_NAMING_SET } from '../../../../../test/images/colour-naming-set.ts';
import {
  COOL_LIGHT,
  hex,
  inRoom,
  NEUTRAL_LIGHT,
  paint,
  solid,
  stripes,
  underLight,
  WARM_LIGHT,
  type Rgb,
} from '../../../../../test/images/painted-frames.ts';
import { centreColour } from './centre-colour.ts';

const WIDTH = 360;
const HEIGHT = 270;
const LIGHTS: [string, Rgb][] = [
  ['neutral', NEUTRAL_LIGHT],
  ['warm', WARM_LIGHT],
  ['cool', COOL_LIGHT],
];

const garmentInRoom = (colour: string, light: Rgb, width = WIDTH, height = HEIGHT) =>
  underLight(paint(width, height, inRoom(width, height, solid(hex(colour)))), light);

describe('the colour at the centre', () => {
  // 405 frames: at a smaller size than the channel's (naming needs no detail), with time to spare
  it(
    'agrees with the labelled set under neutral, warm and cool light (≥ 90 % each)',
    { timeout: 60_000 },
    () => {
      const report: string[] = [];
      for (const [lightName, light] of LIGHTS) {
        const misses = COLOUR_NAMING_SET.filter(
          (colour) => !colour.names.includes(centreColour(garmentInRoom(colour.hex, light, 240, 180))),
        );
        const agreement = 1 - misses.length / COLOUR_NAMING_SET.length;
        report.push(
          `${lightName}: ${(agreement * 100).toFixed(1)} % of ${COLOUR_NAMING_SET.length}` +
            (misses.length ? ` (missed: ${misses.map((m) => m.source).join(', ')})` : ''),
        );
        expect(agreement, report.join('\n')).toBeGreaterThanOrEqual(0.9);
      }
      console.log(`colour naming agreement, garment held up in a room:\n  ${report.join('\n  ')}`);
    },
  );

  it.each(LIGHTS)('names everyday clothing colours under %s light', (_, light) => {
    expect(centreColour(garmentInRoom('#1f2a44', light))).toBe('navy');
    expect(centreColour(garmentInRoom('#722f37', light))).toBe('wine');
    expect(centreColour(garmentInRoom('#c3b091', light))).toBe('khaki');
    expect(centreColour(garmentInRoom('#4b5320', light))).toBe('army');
    expect(centreColour(garmentInRoom('#f5f5dc', light))).toBe('offWhite');
    expect(centreColour(garmentInRoom('#ffffff', light))).toBe('white');
    expect(centreColour(garmentInRoom('#f48fb1', light))).toBe('pink');
  });

  it('keeps a saturated colour that fills the whole frame (no light to estimate, none invented)', () => {
    const frame = (colour: string) => underLight(paint(WIDTH, HEIGHT, solid(hex(colour))), NEUTRAL_LIGHT);
    expect(centreColour(frame('#1560bd'))).toBe('blue');
    expect(centreColour(frame('#c41e3a'))).toBe('red');
    expect(centreColour(frame('#228b22'))).toBe('green');
  });

  it('names what most of the centre spot shows, not a blend of a stripe and its neighbour', () => {
    // wide stripes: the spot at the centre lies on one red stripe with a white edge in it
    const frame = paint(WIDTH, HEIGHT, stripes(hex('#c41e3a'), hex('#ffffff'), 30));
    expect(centreColour(frame)).toBe('red');
  });
});
