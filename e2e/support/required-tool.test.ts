import { describe, expect, it } from 'vitest';
import { isCi, requireTool } from './required-tool.ts';

describe('requireTool', () => {
  it('without CI, a missing tool skips (false) and a present one runs (true)', () => {
    expect(requireTool(false, 'no Chromium', {})).toBe(false);
    expect(requireTool(false, 'no Chromium', { CI: 'false' })).toBe(false);
    expect(requireTool(true, 'no Chromium', {})).toBe(true);
  });

  it('with CI set, a missing tool fails with the reason', () => {
    expect(() => requireTool(false, 'ffmpeg is not installed', { CI: 'true' })).toThrow(
      /CI is set.*ffmpeg is not installed/,
    );
    expect(requireTool(true, 'ffmpeg is not installed', { CI: '1' })).toBe(true);
  });

  it('reads CI as set unless empty, 0 or false', () => {
    expect([undefined, '', '0', 'false', 'FALSE'].map((CI) => isCi({ CI }))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['true', '1', 'yes'].map((CI) => isCi({ CI }))).toEqual([true, true, true]);
  });
});
