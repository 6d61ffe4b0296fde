import { describe, expect, it } from 'vitest';
import { humFrequency, levelOf, lightIsOn } from './light-level.ts';

describe('what a brightness sounds and is said like', () => {
  it('hums from 200 Hz in the dark to 1600 Hz at white, an octave per third of the way', () => {
    expect(humFrequency(0)).toBe(200);
    expect(humFrequency(100 / 3)).toBeCloseTo(400);
    expect(humFrequency(100)).toBe(1600);
    expect(humFrequency(140)).toBe(1600);
  });

  it('says one of four levels', () => {
    expect([5, 30, 60, 90].map(levelOf)).toEqual(['veryDark', 'dark', 'moderate', 'bright']);
  });

  it('says the light is on or off only when it is clear, unsure between', () => {
    expect(lightIsOn(80)).toBe('on');
    expect(lightIsOn(10)).toBe('off');
    expect(lightIsOn(35)).toBe('unsure');
  });
});
