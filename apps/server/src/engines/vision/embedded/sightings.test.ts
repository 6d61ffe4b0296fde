import { describe, expect, it } from 'vitest';
import { describeForMobility, describeOverview } from './describe-scene.ts';
import type { DetectedObject } from './object-detector.ts';
import { mentionable } from './sightings.ts';

const at = (
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

describe('what the detector may say on the photos blind users take', () => {
  it('three weak "traffic lights" on a shiny package close up: no traffic word at all', () => {
    const package_ = [
      at('traffic light', 0.34, 0.2, 0.3, 0.12, 0.25),
      at('traffic light', 0.31, 0.45, 0.3, 0.12, 0.25),
      at('traffic light', 0.3, 0.65, 0.3, 0.12, 0.25),
    ];
    expect(mentionable(package_)).toEqual([]);
    const said = describeForMobility(package_);
    expect(said).not.toMatch(/红绿灯|路口|道路|车/);
  });

  it('one weak car alone is not a road; a confident car, or a weak car beside a traffic light, is', () => {
    expect(mentionable([at('car', 0.36, 0.3, 0.5, 0.2, 0.15)])).toEqual([]);
    expect(mentionable([at('car', 0.62, 0.3, 0.5, 0.2, 0.15)])).toHaveLength(1);
    const agreeing = [at('car', 0.36, 0.3, 0.5, 0.2, 0.15), at('traffic light', 0.33, 0.7, 0.1, 0.02, 0.05)];
    expect(mentionable(agreeing)).toHaveLength(2);
    expect(describeOverview(agreeing, [])).toMatch(/车辆|道路/);
  });

  it('small distant traffic lights that agree are kept (a real crossing far ahead)', () => {
    const lights = [
      at('traffic light', 0.33, 0.6, 0.2, 0.02, 0.05),
      at('traffic light', 0.31, 0.8, 0.2, 0.02, 0.05),
    ];
    expect(mentionable(lights)).toHaveLength(2);
  });

  it('a screen is not a refrigerator, nor a card in the hand a person, unless the detector is sure', () => {
    expect(mentionable([at('refrigerator', 0.48, 0.1, 0.1, 0.5, 0.6)])).toEqual([]);
    expect(mentionable([at('person', 0.42, 0.05, 0.05, 0.85, 0.9)])).toEqual([]);
    expect(mentionable([at('person', 0.42, 0.4, 0.3, 0.15, 0.4)])).toHaveLength(1);
    expect(mentionable([at('traffic light', 0.9, 0.1, 0.1, 0.5, 0.5)])).toEqual([]);
  });
});
