import { describe, expect, it } from 'vitest';
import { SlowDeviceWatch } from './slow-device.ts';

describe('the slow-device notice', () => {
  it('comes once, when the median of the latest looks is over budget', () => {
    const watch = new SlowDeviceWatch(1_000);
    const told = [300, 2_500, 400, 350, 300, 1_200, 1_300, 1_500, 1_400, 2_000, 2_000].map((ms) =>
      watch.record(ms),
    );
    // one slow frame among fast ones is not a slow device; a run of slow frames is, and is told once
    expect(told.indexOf(true)).toBe(7);
    expect(told.filter(Boolean)).toHaveLength(1);
  });

  it('says nothing before it has five looks to go by', () => {
    const watch = new SlowDeviceWatch(100);
    expect([500, 500, 500, 500].map((ms) => watch.record(ms))).toEqual([false, false, false, false]);
    expect(watch.record(500)).toBe(true);
  });
});
