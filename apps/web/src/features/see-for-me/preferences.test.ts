import { afterEach, describe, expect, it } from 'vitest';
import { readVibrateOnDanger } from './preferences.ts';

describe('see-for-me preferences', () => {
  afterEach(() => localStorage.clear());

  it('vibrates on danger unless the user turned it off', () => {
    expect(readVibrateOnDanger()).toBe(true);
    localStorage.setItem('vibrateOnDanger', 'false');
    expect(readVibrateOnDanger()).toBe(false);
    localStorage.setItem('vibrateOnDanger', 'true');
    expect(readVibrateOnDanger()).toBe(true);
  });
});
