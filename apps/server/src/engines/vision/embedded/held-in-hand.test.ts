import { describe, expect, it } from 'vitest';
import type { TextRow } from '@sfm/ocr';
import { heldThing, holdingHand, withoutArms, withoutOwnArm, withoutSkinCreases } from './held-in-hand.ts';
import type { DetectedHand, DetectedObject } from './object-detector.ts';

const hand = (score: number, fingerScore: number, x: number, y: number, width: number, height: number) =>
  ({ score, fingerScore, box: { x, y, width, height } }) satisfies DetectedHand;
const obj = (
  label: string,
  score: number,
  x: number,
  y: number,
  width: number,
  height: number,
): DetectedObject => ({
  label,
  score,
  box: { x, y, width, height },
});
const FIST = { x: 0.45, y: 0.43, width: 0.2, height: 0.23 };

describe('a hand holding something up', () => {
  it('is believed when the tracker and the finger model agree on a large hand', () => {
    // the real fist close-up scored 0.91 / 0.73 over a fifth of the frame
    expect(holdingHand([hand(0.91, 0.73, 0.45, 0.43, 0.2, 0.23)])).toEqual(FIST);
  });

  it('is not believed from what fooled the tracker on street and print photos', () => {
    // a child's fist across a room (0.68 / 0.65, 4 % of the width), a sign post (0.57, 3 %), a
    // dog-lobby shadow (0.26): small, or the finger model saw no hand, or both
    expect(holdingHand([hand(0.68, 0.65, 0.25, 0.28, 0.04, 0.08)])).toBeNull();
    expect(holdingHand([hand(0.57, 0.51, 0.15, 0.43, 0.03, 0.39)])).toBeNull();
    expect(holdingHand([hand(0.26, 0.51, 0.07, 0.26, 0.2, 0.22)])).toBeNull();
    expect(holdingHand([hand(0.9, 0.55, 0.4, 0.4, 0.3, 0.3)])).toBeNull();
  });

  it('takes the largest of two believed hands', () => {
    const small = hand(0.95, 0.8, 0.1, 0.1, 0.13, 0.13);
    const large = hand(0.7, 0.7, 0.5, 0.5, 0.3, 0.3);
    expect(holdingHand([small, large])).toEqual(large.box);
  });
});

describe('around the hand', () => {
  it('takes out the "person" that is only the holder\'s arm, and keeps one elsewhere', () => {
    const arm = obj('person', 0.59, 0.08, 0.41, 0.72, 0.59);
    const across = obj('person', 0.8, 0.0, 0.0, 0.1, 0.3);
    expect(withoutOwnArm([arm, across], FIST)).toEqual([across]);
  });

  it('takes out a doubtful "person" over a hand the tracker doubts but the finger model sees', () => {
    // a half-curled hand behind a card: tracker 0.23, fingers 0.56, forearm called a person at 0.51
    const gripping = hand(0.23, 0.56, 0.5, 0.5, 0.12, 0.15);
    const arm = obj('person', 0.51, 0.36, 0.44, 0.41, 0.51);
    expect(withoutArms([arm], [gripping])).toEqual([]);
    // a confident person stays, and so does one over a box the finger model found no hand in
    expect(withoutArms([obj('person', 0.7, 0.36, 0.44, 0.41, 0.51)], [gripping])).toHaveLength(1);
    expect(withoutArms([arm], [hand(0.26, 0.51, 0.5, 0.5, 0.2, 0.22)])).toEqual([arm]);
    // nor is a small hand-like patch (a child's fist across the room) taken for the holder's arm
    expect(withoutArms([arm], [hand(0.68, 0.65, 0.5, 0.5, 0.04, 0.08)])).toEqual([arm]);
  });

  it('names the largest mentionable thing within reach of the hand, never a person', () => {
    const bottle = obj('bottle', 0.7, 0.48, 0.2, 0.12, 0.3);
    const cup = obj('cup', 0.7, 0.5, 0.62, 0.06, 0.06);
    const farChair = obj('chair', 0.8, 0.0, 0.0, 0.15, 0.2);
    const arm = obj('person', 0.9, 0.08, 0.41, 0.72, 0.59);
    expect(heldThing([cup, bottle, farChair, arm], FIST)).toBe(bottle);
    expect(heldThing([farChair, arm], FIST)).toBeNull();
    // a guess too weak to be mentioned is not held either
    expect(heldThing([obj('bottle', 0.25, 0.48, 0.2, 0.12, 0.3)], FIST)).toBeNull();
  });

  it('drops a glyph or two read off the knuckles, and keeps print on what is held', () => {
    const row = (text: string, x: number, y: number): TextRow => ({
      text,
      height: 30,
      score: 0.99,
      box: { x, y, width: 0.1, height: 0.05 },
    });
    const crease = row('9', 0.5, 0.5);
    const printOnHand = row('一次1粒', 0.5, 0.5);
    const above = row('布', 0.5, 0.2);
    expect(withoutSkinCreases([crease, printOnHand, above], FIST)).toEqual([printOnHand, above]);
  });
});
