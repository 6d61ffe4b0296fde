import { describe, expect, it } from 'vitest';
import { RECOGNITION_QUALITY } from './recognition-quality.ts';
import { confidenceOf, UNSCORED_CONFIDENCE } from './types.ts';

describe('recognition quality configs (spec §9)', () => {
  it('high: 48 kHz with interim results; low: 16 kHz without', () => {
    expect(RECOGNITION_QUALITY).toEqual({
      high: { sampleRate: 48_000, interimResults: true },
      low: { sampleRate: 16_000, interimResults: false },
    });
  });
});

describe('result confidence (spec §3)', () => {
  it("a recognizer's score in (0, 1] is kept; none, 0 or nonsense is the unscored default", () => {
    expect(confidenceOf(0.42)).toBe(0.42);
    expect(confidenceOf(1)).toBe(1);
    for (const score of [undefined, null, 0, -0.1, 1.5, Number.NaN, '0.9']) {
      expect(confidenceOf(score)).toBe(UNSCORED_CONFIDENCE);
    }
  });
});
