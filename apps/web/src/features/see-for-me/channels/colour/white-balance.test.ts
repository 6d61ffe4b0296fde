import { describe, expect, it } from 'vitest';
import {
  COOL_LIGHT,
  hex,
  inRoom,
  paint,
  solid,
  underLight,
  WARM_LIGHT,
} from '../../../../../test/images/painted-frames.ts';
import { garmentRegion } from './regions.ts';
import { balancedLab, estimateGains, NO_CORRECTION } from './white-balance.ts';

const WIDTH = 240;
const HEIGHT = 180;
const room = (garment: string, share?: number) =>
  paint(WIDTH, HEIGHT, inRoom(WIDTH, HEIGHT, solid(hex(garment)), share));
const gainsAroundGarment = (frame: ReturnType<typeof room>) => estimateGains(frame, garmentRegion(frame));
const centre = (WIDTH * (HEIGHT / 2) + WIDTH / 2) * 4;

describe('white balance', () => {
  it('finds a warm bulb and a cool window from the room around the garment', () => {
    const [r, , b] = gainsAroundGarment(underLight(room('#c3b091'), WARM_LIGHT));
    expect(r).toBeLessThan(0.85);
    expect(b).toBeGreaterThan(1.6);
    const [rc, , bc] = gainsAroundGarment(underLight(room('#c3b091'), COOL_LIGHT));
    expect(rc).toBeGreaterThan(1.1);
    expect(bc).toBeLessThan(0.9);
  });

  it('does not let the garment vote on its own light (a khaki coat is not a warm bulb)', () => {
    // the coat fills the region the garment is read in: the room around it shows a neutral light
    const coat = underLight(room('#c3b091', 0.5), [1, 1, 1]);
    for (const gain of gainsAroundGarment(coat)) expect(gain).toBeCloseTo(1, 1);
    // measured over the whole frame, the coat would have passed for warm light
    expect(estimateGains(coat)[2]).toBeGreaterThan(1.1);
  });

  it('leaves a saturated colour that fills the frame alone: nothing in view is grey', () => {
    const frame = underLight(paint(WIDTH, HEIGHT, solid(hex('#1560bd'))), [1, 1, 1]);
    expect(gainsAroundGarment(frame)).toEqual(NO_CORRECTION);
  });

  it('turns a white shirt under either light back to white, clipped channels included', () => {
    for (const light of [WARM_LIGHT, COOL_LIGHT]) {
      const frame = underLight(room('#ffffff'), light, { noise: 0 });
      const lab = balancedLab(frame.data, centre, gainsAroundGarment(frame));
      expect(lab.l).toBeGreaterThan(90);
      expect(Math.hypot(lab.a, lab.b)).toBeLessThan(5);
    }
  });
});
