import { describe, expect, it } from 'vitest';
import { StableName } from './stable-name.ts';

describe('a colour said once it holds', () => {
  it('says the first at once, then a new one only after two frames over the hold time', () => {
    const stable = new StableName<string>(350);
    expect(stable.next('red', 0)).toBe('red');
    expect(stable.next('red', 200)).toBeNull();
    expect(stable.next('blue', 400)).toBeNull();
    expect(stable.next('blue', 600)).toBeNull();
    expect(stable.next('blue', 800)).toBe('blue');
    expect(stable.next('blue', 1000)).toBeNull();
  });

  it('forgets a colour that only passed by (a seam, a stripe swept over)', () => {
    const stable = new StableName<string>(350);
    stable.next('red', 0);
    expect(stable.next('white', 200)).toBeNull();
    expect(stable.next('red', 400)).toBeNull();
    expect(stable.next('white', 600)).toBeNull();
    expect(stable.next('white', 800)).toBeNull();
    expect(stable.next('white', 1000)).toBe('white');
  });
});
