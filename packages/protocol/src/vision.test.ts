import { describe, expect, it } from 'vitest';
import { COMPRESSION_PRESETS } from './index.ts';

describe('compression presets', () => {
  it('are the spec §9 presets', () => {
    expect(COMPRESSION_PRESETS).toEqual({
      high: { maxSide: 1920, quality: 0.8 },
      standard: { maxSide: 1120, quality: 0.8 },
      lite: { maxSide: 140, quality: 0.8 },
    });
  });
});
