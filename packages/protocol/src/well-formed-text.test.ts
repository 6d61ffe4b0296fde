import { describe, expect, it } from 'vitest';
import { UserSettings } from './account.ts';
import { SharedContext } from './calls.ts';
import { isWellFormedText } from './well-formed-text.ts';

describe('text kept in JSON columns', () => {
  it('refuses half a surrogate pair, keeps whole ones (emoji) and plain text', () => {
    expect(isWellFormedText('\ud800')).toBe(false);
    expect(isWellFormedText('x\udc00')).toBe(false);
    expect(isWellFormedText('相机 😀 camera')).toBe(true);
  });

  it('settings and a shared call context with one are refused (the fuzzer found a 500 there)', () => {
    expect(UserSettings.safeParse({ mainCameraDeviceId: '\ud800' }).success).toBe(false);
    expect(UserSettings.safeParse({ selectedVoice: 'Ting\udfff' }).success).toBe(false);
    expect(UserSettings.safeParse({ mainCameraDeviceId: 'cam-1', selectedVoice: 'Ting-Ting' }).success).toBe(
      true,
    );
    expect(SharedContext.safeParse({ description: '前方\ud800有车' }).success).toBe(false);
  });
});
