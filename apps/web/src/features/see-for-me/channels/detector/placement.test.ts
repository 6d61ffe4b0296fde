import { describe, expect, it } from 'vitest';
import {
  bearingOf,
  clockOf,
  distanceChanged,
  distanceOf,
  distanceWord,
  steadyClockOf,
  type RealSize,
} from './placement.ts';

/** A box `width` × `height` (shares of the frame) centred at (cx, cy). */
const boxAt = (cx: number, cy: number, width: number, height: number) => ({
  x: cx - width / 2,
  y: cy - height / 2,
  width,
  height,
});

const CUP: RealSize = { height: 0.1, width: 0.08, along: 'height' };
const PERSON: RealSize = { height: 1.7, width: 0.45, along: 'height' };
const PHONE: RealSize = { height: 0.15, width: 0.075, along: 'longer' };
const WIDE = 16 / 9;
/** The share of a 16:9 frame's height that `metres` at `distance` fills with the 60° lens. */
const heightShare = (metres: number, distance: number) =>
  (metres * (0.5 / Math.tan(Math.PI / 6)) * WIDE) / distance;

describe('clock directions', () => {
  it('are the real angles: the edges of a 60° view are 30° off, at 11 and 1 o’clock', () => {
    expect(bearingOf(boxAt(0.5, 0.5, 0.1, 0.1))).toBeCloseTo(0);
    expect(bearingOf({ x: 0, y: 0, width: 0, height: 0 })).toBeCloseTo(-30);
    expect(bearingOf({ x: 1, y: 0, width: 0, height: 0 })).toBeCloseTo(30);
    const hours = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95].map((x) =>
      clockOf(bearingOf(boxAt(x, 0.5, 0.02, 0.02))),
    );
    expect(hours).toEqual([11, 11, 12, 12, 12, 1, 1]);
  });

  it('reach 10 and 2 with a wide lens, never past 9 and 3', () => {
    expect(clockOf(bearingOf(boxAt(0.02, 0.5, 0.02, 0.02), 120))).toBe(10);
    expect(clockOf(bearingOf(boxAt(0.98, 0.5, 0.02, 0.02), 120))).toBe(2);
    expect(clockOf(-100)).toBe(9);
    expect(clockOf(100)).toBe(3);
  });

  it('keep the hour said while the bearing stays within a few degrees past its edge', () => {
    expect(steadyClockOf(16, 12)).toBe(12);
    expect(steadyClockOf(18.5, 12)).toBe(12);
    expect(steadyClockOf(20, 12)).toBe(1);
    expect(steadyClockOf(-17, 12)).toBe(12);
    expect(steadyClockOf(13, 1)).toBe(1);
    expect(steadyClockOf(10, 1)).toBe(12);
    expect(steadyClockOf(16, null)).toBe(1);
  });
});

describe('distances', () => {
  it('follow the box size against the thing’s real size', () => {
    for (const metres of [0.5, 1, 2, 3]) {
      expect(distanceOf(boxAt(0.5, 0.5, 0.05, heightShare(CUP.height, metres)), CUP, WIDE)).toBeCloseTo(
        metres,
        5,
      );
    }
    expect(distanceOf(boxAt(0.5, 0.5, 0.1, heightShare(PERSON.height, 4)), PERSON, WIDE)).toBeCloseTo(4, 5);
  });

  it('judge a thing cut by the frame’s edge by its other side', () => {
    // a person 2 m away, legs out of the frame: its width (0.45 m) says 2 m, its cut height would say 3.4
    const width = 0.45 / (2 * Math.tan(Math.PI / 6) * 2);
    const cut = { x: 0.4, y: 0.2, width, height: 0.8 };
    expect(distanceOf(cut, PERSON, WIDE)).toBeCloseTo(2, 5);
    // cut on every side: it fills the view, the nearer estimate
    expect(distanceOf({ x: 0, y: 0, width: 1, height: 1 }, PERSON, WIDE)).toBeLessThan(1);
  });

  it('take a phone or a book any way round by its longer side', () => {
    const upright = distanceOf(boxAt(0.5, 0.5, 0.05, 0.2), PHONE, WIDE);
    const lying = distanceOf(boxAt(0.5, 0.5, 0.2 / WIDE, 0.05 * WIDE), PHONE, WIDE);
    expect(lying).toBeCloseTo(upright, 5);
  });

  it('are said in rough steps, and a said distance gives way only to a clearly different one', () => {
    expect([0.2, 0.6, 0.9, 1.6, 2.4, 3.3, 4.2, 5.2, 8].map(distanceWord)).toEqual([
      'close',
      'half',
      '1',
      '2',
      '2',
      '3',
      '4',
      '5',
      'far',
    ]);
    expect(distanceChanged(2, 2.4)).toBe(false);
    expect(distanceChanged(2, 2.8)).toBe(true);
    expect(distanceChanged(2, 1.4)).toBe(true);
  });
});
